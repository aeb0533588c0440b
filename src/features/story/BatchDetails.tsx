import { Link } from 'react-router';
import { Breadcrumb } from '../../components/Breadcrumb.tsx';
import { batchPath } from '../../config/site.ts';
import { BatchTimeline } from './BatchTimeline.tsx';
import type { BatchPageData } from './batch.ts';
import { QrCode } from './QrCode.tsx';
import './story.css';
import { text } from '../../shop/texts/static-pages.ts';

/** A batch's traceability record: where, who, how, step by step, and the QR code for its pack. */
export function BatchDetails({ data, isLatest = false }: { data: BatchPageData; isLatest?: boolean }) {
  const { batch, url, qr } = data;
  const { origin, maker, herd, process } = batch;
  return (
    <div className="page story">
      <Breadcrumb
        trail={[
          { name: text('shell.nav.whoAreWe'), path: '/who-are-we' },
          { name: text('story.traceabilityStep'), path: '/who-are-we/traceability' },
        ]}
        current={batch.batchId}
      />
      <h1>
        {text('story.traceability')} {batch.productName}
      </h1>
      <p className="story__lead">
        {text('story.batch')} <strong>{batch.batchId}</strong>
      </p>
      {isLatest && (
        <p>
          {text('story.thisIsOurLatest')}{' '}
          <Link to={batchPath(batch.batchId)}>
            {text('story.batch2')} {batch.batchId}
          </Link>
          .
        </p>
      )}
      {batch.comingSoonNote && (
        <aside className="story__notice" aria-label={text('story.moreDataComingSoon')}>
          <strong>{text('story.moreDataComingSoon2')}</strong> {batch.comingSoonNote}
        </aside>
      )}

      <section aria-labelledby="batch-source" className="story__section">
        <h2 id="batch-source">{text('story.whereItComesFrom')}</h2>
        <ul className="grid story__cards">
          <li className="card">
            <h3>{text('story.origin')}</h3>
            <p>
              {origin.village}, {origin.valley}
            </p>
            <p>
              {origin.district}
              {origin.state ? `, ${origin.state}` : ''}
            </p>
            <p>
              <strong>{text('story.altitude')}</strong> {batch.altitudeM} {text('story.m')}
            </p>
          </li>
          <li className="card">
            <h3>{text('story.maker')}</h3>
            <p>
              <strong>{maker.name}</strong>
            </p>
            <p>{maker.role}</p>
            {maker.note && <p>{maker.note}</p>}
          </li>
          <li className="card">
            <h3>{text('story.herd')}</h3>
            <p>
              <strong>{text('story.breed')}</strong> {herd.breed}
            </p>
            <p>
              <strong>{text('story.milkYield')}</strong> {herd.yieldMinL}–{herd.yieldMaxL} {text('story.lPerCowPer')}
            </p>
            {herd.note && <p>{herd.note}</p>}
          </li>
        </ul>
      </section>

      <section aria-labelledby="batch-timeline" className="story__section">
        <h2 id="batch-timeline">{text('story.howThisBatchWas')}</h2>
        <BatchTimeline steps={batch.steps} />
      </section>

      <section aria-labelledby="batch-specs" className="story__section">
        <h2 id="batch-specs">{text('story.productionSpecifications')}</h2>
        <dl className="story__specs card">
          <dt>{text('story.method')}</dt>
          <dd>{process.method}</dd>
          <dt>{text('story.fermentationAcidity')}</dt>
          <dd>{process.fermentationAcidity}</dd>
          <dt>{text('story.grGheeResidueRatio')}</dt>
          <dd>{process.grRatio}</dd>
        </dl>
        {process.note && <p className="section__intro">{process.note}</p>}
      </section>

      <section aria-labelledby="batch-qr" className="story__section">
        <h2 id="batch-qr">{text('story.qrCodeForThis')}</h2>
        <p className="section__intro">{text('story.scanningItOpensThis')}</p>
        <QrCode qr={qr} url={url} label={text('story.qrCodeForBatch', { batchId: batch.batchId })} />
      </section>
    </div>
  );
}

/** What an unknown batch id shows: plainly that there is no such batch, and the way to the latest one. */
export function BatchNotFound({ batchId }: { batchId: string }) {
  return (
    <div className="page page--message">
      <h1>{text('story.batchNotFound')}</h1>
      <p>
        {text('story.weCouldNotFind')} <strong>{batchId}</strong>
        {text('story.checkTheCodePrinted')}
      </p>
      <p>
        <Link className="button" to="/who-are-we/traceability">
          {text('story.seeTheLatestBatch')}
        </Link>
      </p>
    </div>
  );
}
