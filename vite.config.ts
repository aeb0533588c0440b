import netlify from '@netlify/vite-plugin';
import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';
import { bundledMedia } from './site-build/bundled-media.ts';
import { previewMode } from './site-build/preview-mode.ts';
import { devSecurityHeaders } from './site-build/security-headers.ts';
import { whatsappUpdatesOffered } from './site-build/whatsapp-updates.ts';

/**
 * Our own modules shared by several pages (the shell, cart, cards, images, head tags) go into one
 * chunk instead of twenty tiny ones: a page's first load is a handful of requests. The checkout
 * (but its outbox) and its schemas stay out, or zod would come back into every page; route modules
 * keep their own chunks.
 */
const SHARED_APP_CODE = /\/src\/(?!routes\/|shop\/schemas\.ts|features\/checkout\/(?!outbox))/;

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
          treeshake: { moduleSideEffects: [{ test: /\/node_modules\/@vercel\/stega\//, sideEffects: false }] },
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
  server: { port: Number(process.env.PORT ?? 8888), strictPort: true },
  // The preview's click-to-edit outlines load only once an editor previews (root.tsx): bundled for
  // the dev server at its start, not in the middle of that first preview (which would reload it).
  optimizeDeps: { include: ['@sanity/visual-editing/react-router'] },
  plugins: [
    bundledMedia(),
    // `npm run dev` only: /__preview/enable and /disable switch the drafts preview (issue 16).
    previewMode(),
    reactRouter(),
    // Netlify's own emulation serves /api/* functions and Blobs in `npm run dev`; the cloud-only
    // features stay off so the dev server starts offline. DEV_WITHOUT_FUNCTIONS=1 leaves it out:
    // the preview's browser test needs only the pages (on a machine without internet the
    // emulation has been seen to hold every request of a fresh clone's dev server).
    ...(process.env.DEV_WITHOUT_FUNCTIONS === '1'
      ? []
      : [
          netlify({
            edgeFunctions: { enabled: false },
            geolocation: { enabled: false },
            database: { enabled: false },
            images: { enabled: false },
            aiGateway: { enabled: false },
          }),
        ]),
    // The production build's security headers on every page, with a policy Vite's client can work
    // under (the build writes them into build/client/_headers instead). After netlify(): its
    // emulation sends a previous build's _headers (that build's hashes) for any address the build
    // has a page for, and these must win.
    devSecurityHeaders(),
  ],
});
