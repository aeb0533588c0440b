import { useId } from 'react';
import type { ShopSettings } from '../../content/types.ts';
import './blog.css';
import { text } from '../../shop/texts/static-pages.ts';

/**
 * The newsletter box. There is no newsletter yet, so the form is inert and says so. Its words are
 * the editors' (Shop settings → Texts across the site); the field's label and Subscribe are fixed (docs/shop-rules.md §2).
 */
export function Newsletter({ texts }: { texts: ShopSettings['newsletter'] }) {
  const id = useId();
  return (
    <section className="newsletter" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{texts.title}</h2>
      <p>{texts.text}</p>
      <form className="newsletter__form" onSubmit={(event) => event.preventDefault()} noValidate>
        <label className="visually-hidden" htmlFor={`${id}-email`}>
          {text('blog.emailAddress')}
        </label>
        <input
          id={`${id}-email`}
          type="email"
          name="email"
          autoComplete="email"
          placeholder={text('blog.yourEmailAddress')}
          aria-describedby={`${id}-note`}
        />
        <button type="submit" className="button button--light" disabled aria-describedby={`${id}-note`}>
          {text('blog.subscribe')}
        </button>
      </form>
      <p id={`${id}-note`} className="newsletter__note">
        {texts.note}
      </p>
    </section>
  );
}
