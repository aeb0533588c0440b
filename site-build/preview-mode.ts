/**
 * The preview's switches on the dev server (issue 16; README "Previewing drafts"): `npm run dev`
 * answers `/__preview/enable` by setting the preview cookie and `/__preview/disable` by clearing it,
 * then sends the browser on to a page of the site. While the cookie is set, the pages' loaders read
 * drafts (src/content/preview.server.ts). The production build has neither switch.
 *
 * With a Sanity project, only the Studio's Presentation tool may switch the preview on: it opens
 * `/__preview/enable` with a one-time secret it stored in the dataset, which is checked here with a
 * token (`@sanity/preview-url-secret`). With the bundled dataset there is no Studio to sign in to,
 * and the dev server (on the editor's own machine) switches it on for anyone who asks.
 */
import { createClient } from '@sanity/client';
import { validatePreviewUrl } from '@sanity/preview-url-secret';
import type { Connect, Plugin } from 'vite';
import { PREVIEW_DISABLE_PATH, PREVIEW_ENABLE_PATH } from '../src/config/site.ts';
import { PREVIEW_COOKIE } from '../src/content/preview.server.ts';
import { SANITY_API_VERSION } from '../src/content/source.server.ts';

/** Where to go after switching: a path on this site, never another site (`//evil.example`). */
export function localRedirect(value: string | null | undefined): string {
  return value?.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\') ? value : '/';
}

/**
 * The cookie that switches the preview on or off. `SameSite=None; Secure`: the Studio shows the
 * site in a frame, from another site when the Studio is deployed (browsers take Secure on localhost).
 */
export function previewCookie(on: boolean): string {
  const attributes = 'Path=/; HttpOnly; SameSite=None; Secure';
  return on ? `${PREVIEW_COOKIE}=1; ${attributes}` : `${PREVIEW_COOKIE}=; ${attributes}; Max-Age=0`;
}

type Env = Record<string, string | undefined>;

/** Where an enable request may go: undefined when it is refused (a Sanity project, and no valid secret). */
export async function enableTarget(url: URL, env: Env = process.env): Promise<string | undefined> {
  if (!env.SANITY_PROJECT_ID) return localRedirect(url.searchParams.get('redirect'));
  if (!env.SANITY_API_TOKEN) return undefined;
  const client = createClient({
    projectId: env.SANITY_PROJECT_ID,
    dataset: env.SANITY_DATASET ?? 'production',
    apiVersion: SANITY_API_VERSION,
    useCdn: false,
    token: env.SANITY_API_TOKEN,
  });
  const { isValid, redirectTo } = await validatePreviewUrl(client, url.href);
  return isValid ? localRedirect(redirectTo) : undefined;
}

/** The two switches, as connect middleware. */
export function previewSwitches(env: Env = process.env): Connect.NextHandleFunction {
  return (request, response, next) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (url.pathname === PREVIEW_DISABLE_PATH) {
      response.writeHead(307, {
        'Set-Cookie': previewCookie(false),
        Location: localRedirect(url.searchParams.get('redirect')),
      });
      response.end();
      return;
    }
    if (url.pathname !== PREVIEW_ENABLE_PATH) return next();
    enableTarget(url, env).then(
      (target) => {
        if (!target) {
          response.writeHead(401, { 'Content-Type': 'text/plain; charset=utf-8' });
          response.end('This preview link is not valid: open the preview from the Studio (Presentation).');
          return;
        }
        response.writeHead(307, { 'Set-Cookie': previewCookie(true), Location: target });
        response.end();
      },
      (error: unknown) => next(error),
    );
  };
}

/** The switches on `npm run dev` only (`apply: 'serve'`). */
export function previewMode(): Plugin {
  return {
    name: 'ouo-preview-mode',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use(previewSwitches());
    },
  };
}
