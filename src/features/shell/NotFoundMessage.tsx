/** A page that is only a message: a heading, a sentence and the way back to the products. */
export function MessagePage({ title, text }: { title: string; text: string }) {
  return (
    <div className="page page--message">
      <h1>{title}</h1>
      <p>{text}</p>
      <p>
        <a className="button" href="/products">
          See our organic products
        </a>
      </p>
    </div>
  );
}

/** What any unknown address shows: the prerendered 404 page and a 404 thrown on the client. */
export function NotFoundMessage() {
  return <MessagePage title="Page not found" text="We could not find that page. It may have moved." />;
}
