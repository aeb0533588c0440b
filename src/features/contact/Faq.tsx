import type { FaqEntry } from '../../content/types.ts';
import { text } from '../../shop/texts/contact-pages.ts';

/** Frequently asked questions as native disclosures: keyboard and screen-reader friendly. */
export function Faq({ entries }: { entries: readonly FaqEntry[] }) {
  if (entries.length === 0) return null;
  return (
    <section className="faq" aria-labelledby="faq-title">
      <h2 id="faq-title">{text('contactPage.frequentlyAskedQuestions')}</h2>
      <ul className="faq__list">
        {entries.map((entry) => (
          <li key={entry.topic}>
            <details className="faq__item card">
              <summary className="faq__question">{entry.question}</summary>
              <p className="faq__answer">{entry.answer}</p>
            </details>
          </li>
        ))}
      </ul>
    </section>
  );
}
