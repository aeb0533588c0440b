import { text } from '../../shop/texts/index.ts';

/** A page that is only a message: a heading, a sentence and the way back to the products. */
export function MessagePage({ title, text: sentence }: { title: string; text: string }) {
  return (
    <div className="page page--message">
      <h1>{title}</h1>
      <p>{sentence}</p>
      <p>
        <a className="button" href="/products">
          {text('shell.seeOurOrganicProducts')}
        </a>
      </p>
    </div>
  );
}

/** What any unknown address shows: the prerendered 404 page and a 404 thrown on the client. */
export function NotFoundMessage() {
  return <MessagePage title={text('shell.pageNotFound')} text={text('shell.pageMayHaveMoved')} />;
}
