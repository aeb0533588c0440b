import path from 'node:path';
import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';
import { bundledMedia } from './site-build/bundled-media.ts';
import { devFunctions } from './site-build/dev-functions.ts';
import { previewMode } from './site-build/preview-mode.ts';
import { devSecurityHeaders } from './site-build/security-headers.ts';
import { whatsappUpdatesOffered } from './site-build/whatsapp-updates.ts';

/** Folders the tools write into (.gitignore lists them too), from the project's root. */
const DEV_UNWATCHED = [
  '.netlify',
  '.data',
  '.tools',
  'build',
  'coverage',
  'playwright-report',
  'screenshots',
  'bench/results',
  'studio/dist',
  'studio/node_modules',
  'studio/.sanity',
].map((folder) => `${path.join(import.meta.dirname, folder)}/**`);

/**
 * Our own modules shared by several pages (the shell, cart, cards, images, head tags) go into one
 * chunk instead of twenty tiny ones: a page's first load is a handful of requests. The checkout
 * (but its outbox) and its schemas stay out, or zod would come back into every page; route modules
 * keep their own chunks (`shop/schemas.ts` before the shop core went into folders, `shop/schemas/schemas.ts`
 * and its index since: docs/architecture.md, "The shop core's folders"). So do the texts but the shared ones (src/shop/texts/index.ts, read.ts,
 * early.ts, shared/), and the features only the order pages (orders) or the content pages (story, blog,
 * guides, home) use: their code and their words (docs/architecture.md, "Texts") ride with those
 * pages, in a chunk the few of them share, never in every page's first load.
 */
const SHARED_APP_CODE =
  /\/src\/(?!routes\/|shop\/schemas(\/schemas|\/index)?\.ts|features\/checkout\/(?!outbox)|features\/(?:orders|story|blog|guides|home)\/|shop\/texts\/(?!index\.ts|read\.ts|early\.ts|shared\/))/;

export default defineConfig({
  // Whether the checkout offers WhatsApp updates: decided per build (site-build/whatsapp-updates.ts).
  define: {
    'import.meta.env.VITE_WHATSAPP_UPDATES': JSON.stringify(whatsappUpdatesOffered(process.env) ? 'on' : 'off'),
  },
  // One stylesheet for the whole site (6.8 kB gzip): a single render-blocking request, cached across pages.
  build: { cssCodeSplit: false },
  environments: {
    client: {
      build: {
        rolldownOptions: {
          // @vercel/stega declares no `sideEffects`, and its tables look like effects to the bundler;
          // it has none. Pages import it for the dev preview only (features/seo/head.ts): unused in
          // the build, it is dropped instead of riding along in every page's scripts.
          //
          // The shop core is plain functions and constants: no module of it does anything when loaded.
          // Said so, a page that takes one function through a folder's index.ts loads that function's
          // module only, not every module the index re-exports (docs/architecture.md, "The shop core's
          // folders"). But the schemas (any file or folder named for them): form-schemas.ts sets zod's
          // `jitless` when loaded, and every schema is to be parsed under it (decision 014), so the
          // schemas' index keeps loading them all.
          treeshake: {
            moduleSideEffects: [
              { test: /\/node_modules\/@vercel\/stega\//, sideEffects: false },
              { test: /\/src\/shop\/(?![\w/-]*schemas)/, sideEffects: false },
            ],
          },
          output: {
            codeSplitting: {
              groups: [
                {
                  name: 'framework',
                  test: /\/node_modules\/(react|react-dom|react-router|scheduler|turbo-stream|cookie|set-cookie-parser)\//,
                  priority: 2,
                },
                { name: 'app', test: SHARED_APP_CODE, minShareCount: 2, priority: 1 },
              ],
            },
          },
        },
      },
    },
  },
  server: {
    port: Number(process.env.PORT ?? 8888),
    strictPort: true,
    // What the tools write is not source: watched, a build's or a test run's output set off reloads of
    // every page (decision 029). Vite already leaves out .git, node_modules and test-results.
    watch: { ignored: DEV_UNWATCHED },
  },
  optimizeDeps: {
    // The dev server bundles the pages' dependencies when it starts, read from the app's own files.
    // Vite's default entries are HTML files (there are none): it found them only as the first page
    // loaded, and reloaded that page with errors in the browser's console (decision 029).
    entries: ['src/root.tsx', 'src/routes/**/*.tsx', '!**/*.test.tsx'],
    // The preview's click-to-edit outlines load only once an editor previews (root.tsx): bundled for
    // the dev server at its start, not in the middle of that first preview (which would reload it).
    include: ['@sanity/visual-editing/react-router'],
  },
  plugins: [
    // `npm run dev` only: the functions (/api/*) and Netlify Blobs, in the dev server's process.
    devFunctions(),
    bundledMedia(),
    // `npm run dev` only: /__preview/enable and /disable switch the drafts preview (issue 16).
    previewMode(),
    reactRouter(),
    // The production build's security headers on every page, with a policy Vite's client can work
    // under (the build writes them into build/client/_headers instead).
    devSecurityHeaders(),
  ],
});
