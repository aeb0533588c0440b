import { Link } from 'react-router';
import { Breadcrumb } from '../../components/Breadcrumb.tsx';
import { batchPath } from '../../config/site.ts';
import { BatchTimeline } from './BatchTimeline.tsx';
import type { BatchPageData } from './batch.ts';
import { QrCode } from './QrCode.tsx';
import './story.css';

/** A batch's traceability record: where, who, how, step by step, and the QR code for its pack. */
export function BatchDetails({ data, isLatest = false }: { data: BatchPageData; isLatest?: boolean }) {
  const { batch, url, qr } = data;
  const { origin, maker, herd, process } = batch;
  return (
    <div className="page story">
      <Breadcrumb
        trail={[
          { name: 'Who Are We', path: '/who-are-we' },
          { name: 'Traceability', path: '/who-are-we/traceability' },
        ]}
        current={batch.batchId}
      />
      <h1>Traceability: {batch.productName}</h1>
      <p className="story__lead">
        Batch <strong>{batch.batchId}</strong>
      </p>
      {isLatest && (
        <p>
          This is our latest batch. Its own page, the one the QR code on the pack opens, is{' '}
          <Link to={batchPath(batch.batchId)}>batch {batch.batchId}</Link>.
        </p>
      )}
      {batch.comingSoonNote && (
        <aside className="story__notice" aria-label="More data coming soon">
          <strong>More data coming soon.</strong> {batch.comingSoonNote}
        </aside>
      )}

      <section aria-labelledby="batch-source" className="story__section">
        <h2 id="batch-source">Where it comes from</h2>
        <ul className="grid story__cards">
          <li className="card">
            <h3>Origin</h3>
            <p>
              {origin.village}, {origin.valley}
            </p>
            <p>
              {origin.district}
              {origin.state ? `, ${origin.state}` : ''}
            </p>
            <p>
              <strong>Altitude:</strong> {batch.altitudeM} m
            </p>
          </li>
          <li className="card">
            <h3>Maker</h3>
            <p>
              <strong>{maker.name}</strong>
            </p>
            <p>{maker.role}</p>
            {maker.note && <p>{maker.note}</p>}
          </li>
          <li className="card">
            <h3>Herd</h3>
            <p>
              <strong>Breed:</strong> {herd.breed}
            </p>
            <p>
              <strong>Milk yield:</strong> {herd.yieldMinL}–{herd.yieldMaxL} L per cow per day
            </p>
            {herd.note && <p>{herd.note}</p>}
          </li>
        </ul>
      </section>

      <section aria-labelledby="batch-timeline" className="story__section">
        <h2 id="batch-timeline">How this batch was made</h2>
        <BatchTimeline steps={batch.steps} />
      </section>

      <section aria-labelledby="batch-specs" className="story__section">
        <h2 id="batch-specs">Production specifications</h2>
        <dl className="story__specs card">
          <dt>Method</dt>
          <dd>{process.method}</dd>
          <dt>Fermentation acidity</dt>
          <dd>{process.fermentationAcidity}</dd>
          <dt>GR (ghee residue) ratio</dt>
          <dd>{process.grRatio}</dd>
        </dl>
        {process.note && <p className="section__intro">{process.note}</p>}
      </section>

      <section aria-labelledby="batch-qr" className="story__section">
        <h2 id="batch-qr">QR code for this batch</h2>
        <p className="section__intro">Scanning it opens this batch's page. Staff can print it for the packs.</p>
        <QrCode qr={qr} url={url} label={`QR code for batch ${batch.batchId}`} />
      </section>
    </div>
  );
}

/** What an unknown batch id shows: plainly that there is no such batch, and the way to the latest one. */
export function BatchNotFound({ batchId }: { batchId: string }) {
  return (
    <div className="page page--message">
      <h1>Batch not found</h1>
      <p>
        We could not find batch <strong>{batchId}</strong>. Check the code printed on your pack, or see our latest
        batch.
      </p>
      <p>
        <Link className="button" to="/who-are-we/traceability">
          See the latest batch
        </Link>
      </p>
    </div>
  );
}
