import { useId } from 'react';

/** The newsletter box. There is no newsletter yet, so the form is inert and says so. */
export function Newsletter() {
  const id = useId();
  return (
    <section className="newsletter" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Stay in the loop</h2>
      <p>Recipes, harvest news and stories from our farmer families, straight to your inbox.</p>
      <form className="newsletter__form" onSubmit={(event) => event.preventDefault()} noValidate>
        <label className="visually-hidden" htmlFor={`${id}-email`}>
          Email address
        </label>
        <input
          id={`${id}-email`}
          type="email"
          name="email"
          autoComplete="email"
          placeholder="Your email address"
          aria-describedby={`${id}-note`}
        />
        <button type="submit" className="button button--light" disabled aria-describedby={`${id}-note`}>
          Subscribe
        </button>
      </form>
      <p id={`${id}-note`} className="newsletter__note">
        Newsletter coming soon — the button is not active yet, and we do not store any address you type here.
      </p>
    </section>
  );
}
