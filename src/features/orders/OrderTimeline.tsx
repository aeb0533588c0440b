import type { TimelineStep } from '../../shop/parcel/index.ts';
import { text } from '../../shop/texts/order-pages.ts';
import { formatOrderTime } from './format.ts';

/**
 * The order's life, oldest first, as the server tells it (`orderTimeline` in the shop core): a step
 * with a time has happened; the last step is where the order is now.
 */
export function OrderTimeline({ steps, simulated }: { steps: TimelineStep[]; simulated: boolean }) {
  return (
    <section className="order-section order-timeline-section card" aria-labelledby="order-timeline-title">
      <h2 id="order-timeline-title">{text('orderPage.status')}</h2>
      {simulated && <p className="tag order-timeline__simulated">{text('orderPage.simulatedTrackingTestCarrier')}</p>}
      <ol className="order-timeline">
        {steps.map((step, index) => {
          const current = index === steps.length - 1;
          return (
            <li
              // Steps never reorder; the same title can repeat (two "In transit" scans).
              // biome-ignore lint/suspicious/noArrayIndexKey: the position is the step's identity
              key={index}
              className={`order-timeline__step order-timeline__step--${step.kind}${step.at ? '' : ' order-timeline__step--pending'}`}
              aria-current={current ? 'step' : undefined}
            >
              <p className="order-timeline__title">{step.title}</p>
              {step.at && (
                <p className="order-timeline__time">
                  <time dateTime={step.at}>{formatOrderTime(step.at)}</time>
                </p>
              )}
              {step.detail && <p className="order-timeline__detail">{step.detail}</p>}
              {step.link && (
                <a className="order-timeline__link" href={step.link.href} target="_blank" rel="noopener noreferrer">
                  {step.link.text}
                  <span className="visually-hidden"> {text('orderPage.opensInANew')}</span>
                </a>
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
