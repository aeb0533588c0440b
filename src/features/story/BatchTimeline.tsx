import { text } from '../../shop/texts/static-pages.ts';
import type { BatchStep } from './batch.ts';

/** The production steps in order, each with its date, who did it, what was done and what was checked. */
export function BatchTimeline({ steps }: { steps: readonly BatchStep[] }) {
  return (
    <ol className="timeline" aria-label={text('story.productionTimeline')}>
      {steps.map((step, index) => (
        <li key={step.id} className="timeline__step card">
          <h3 className="timeline__title">
            <span className="timeline__number" aria-hidden="true">
              {index + 1}
            </span>
            {step.title}
          </h3>
          <p className="timeline__meta">
            <time dateTime={step.date}>{step.dateLabel}</time>
            <span className="tag">{step.code}</span>
          </p>
          <p>
            <strong>{text('story.doneBy')}</strong> {step.by}
          </p>
          <p>{step.details}</p>
          <h4 className="timeline__checks-title">{text('story.qualityChecks')}</h4>
          <ul className="timeline__checks" aria-label={text('story.qualityChecksOf', { title: step.title })}>
            {step.checks.map((check) => (
              <li key={check}>{check}</li>
            ))}
          </ul>
        </li>
      ))}
    </ol>
  );
}
