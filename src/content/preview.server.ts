/**
 * The preview (issue 16; README "Previewing drafts"): `npm run dev` shows the site with the
 * editors' drafts while the preview cookie is set. Each request's loaders run inside the root
 * route's middleware, which notes here whether that request previews; `content()` then reads with
 * Sanity's drafts perspective (a token, server side only) instead of the published one.
 *
 * Only the dev server previews. The production build is prerendered with no cookie, so it holds
 * published content only, and its prerendering never reads a token for drafts.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

/** Set by `/__preview/enable` (site-build/preview-mode.ts), removed by `/__preview/disable`. */
export const PREVIEW_COOKIE = 'ouo-preview';

const previewing = new AsyncLocalStorage<boolean>();

/** Whether the request being answered previews drafts. */
export function isPreviewing(): boolean {
  return previewing.getStore() === true;
}

/** Whether `request` carries the preview cookie. */
export function asksForPreview(request: Request): boolean {
  const cookies = request.headers.get('cookie') ?? '';
  return cookies.split(';').some((cookie) => cookie.trim() === `${PREVIEW_COOKIE}=1`);
}

/** Runs `next` (the request's loaders) previewing or not; `allowed` is false outside the dev server. */
export function runPreviewing<T>(preview: boolean, next: () => Promise<T>): Promise<T> {
  return previewing.run(preview, next);
}
