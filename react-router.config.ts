import { copyFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '@react-router/dev/config';
import { deferHydrationInBuild } from './site-build/defer-hydration.ts';
import { writeHeadersFile } from './site-build/security-headers.ts';
import {
  contentPages,
  DEV_ONLY_PATHS,
  devPagesBuilt,
  NOT_FOUND_PATH,
  ORDER_SHELL_PATH,
} from './src/content/site-paths.server.ts';

// Pages whose content is drawn in the browser (an order, from the API): their scripts start at once
// instead of after the first paint, which shows only their frame. (/cart was one until the early
// script drew the stored cart before the first paint: decision 028.)
const EAGER_PAGES = [ORDER_SHELL_PATH];

// Routes whose pages load no React at all (decision 028): their only controls are the header's menu
// and cart badge, the chat button, links — and the traceability pages' Print button — which the early
// script runs on its own. The blog's newsletter box is inert (its Subscribe is disabled). Pages with
// filters, forms or a cart keep React (/why-it-matters and /nutrition filter their cards); so does
// the SPA fallback, which draws "not found" for unknown posts, policies and batches. The build fails
// if a page listed here has a control only React would run (site-build/static-pages.ts).
const STATIC_ROUTES = [
  'routes/blog._index',
  'routes/blog.$id',
  'routes/policies.$slug',
  'routes/who-are-we._index',
  'routes/who-are-we.farmer-impact',
  'routes/who-are-we.traceability._index',
  'routes/who-are-we.traceability.$batchId',
  'routes/$',
];

export default {
  appDirectory: 'src',
  // Static hosting: every page is prerendered to HTML at build time, then hydrates.
  ssr: false,
  // Opt in to the v8 behaviours now, so the upgrade changes nothing and the dev server stays quiet.
  future: {
    v8_middleware: true,
    v8_splitRouteModules: true,
    v8_viteEnvironmentApi: true,
    v8_passThroughRequests: true,
    v8_trailingSlashAwareDataRequests: true,
  },
  async prerender({ getStaticPaths }) {
    const pages = await contentPages();
    // getStaticPaths: every route without parameters, sitemap.xml and robots.txt included.
    // ORDER_SHELL_PATH: the order page's one shell, served for every /orders/<id> (netlify.toml).
    // DEV_ONLY_PATHS: the development staff desk, left out of production's build (its function is 404 there too).
    const built = getStaticPaths().filter((page) => devPagesBuilt() || !DEV_ONLY_PATHS.includes(page));
    return [...built, ...pages.map((page) => page.path), NOT_FOUND_PATH, ORDER_SHELL_PATH];
  },
  // First, every page's JavaScript waits for its first paint but the EAGER_PAGES' (site-build/defer-hydration.ts, decision 015),
  // and the STATIC_ROUTES' pages load none (decision 028; a static page sends the pixel's PageView itself).
  // Netlify answers any address it has no file or rule for with /404.html and status 404.
  // Then the security headers, with each page's own content security policy, go into _headers
  // (site-build/security-headers.ts); the Meta pixel's hosts are allowed only when it is configured.
  async buildEnd({ reactRouterConfig, viteConfig }) {
    const client = path.join(reactRouterConfig.buildDirectory, 'client');
    await deferHydrationInBuild(client, {
      eagerPaths: EAGER_PAGES,
      staticRoutes: STATIC_ROUTES,
      pixelId: viteConfig.env.VITE_META_PIXEL_ID || undefined,
    });
    await copyFile(path.join(client, NOT_FOUND_PATH, 'index.html'), path.join(client, '404.html'));
    await writeHeadersFile(client, { pixel: Boolean(viteConfig.env.VITE_META_PIXEL_ID) });
  },
} satisfies Config;
