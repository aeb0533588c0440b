import netlify from '@netlify/vite-plugin';
import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';
import { bundledMedia } from './scripts/bundled-media.ts';

export default defineConfig({
  build: { cssCodeSplit: false },
  server: { port: Number(process.env.PORT ?? 8888), strictPort: true },
  plugins: [
    bundledMedia(),
    reactRouter(),
    // Netlify's own emulation serves /api/* functions and Blobs in `npm run dev`; the cloud-only
    // features stay off so the dev server starts offline.
    netlify({
      edgeFunctions: { enabled: false },
      geolocation: { enabled: false },
      database: { enabled: false },
      images: { enabled: false },
      aiGateway: { enabled: false },
    }),
  ],
});
