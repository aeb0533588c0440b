/** What any unknown address shows: the prerendered 404 page and a 404 thrown on the client. */
export function NotFoundMessage() {
  return (
    <div className="page page--message">
      <h1>Page not found</h1>
      <p>We could not find that page. It may have moved.</p>
      <p>
        <a className="button" href="/products">
          See our organic products
        </a>
      </p>
    </div>
  );
}
