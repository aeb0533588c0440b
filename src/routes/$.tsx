import { notFoundHead } from '../features/seo/head.ts';
import { NotFoundMessage } from '../features/shell/NotFoundMessage.tsx';
import { text } from '../shop/texts/index.ts';

/**
 * Any address no other route knows. Prerendered at /404 and copied to /404.html, which Netlify
 * serves with status 404 (and `npm start` likewise); on the client it renders the same page, so
 * hydrating that file at any unknown address matches.
 */
export function meta() {
  return notFoundHead(text('shell.pageNotFound'));
}

export default function NotFound() {
  return <NotFoundMessage />;
}
