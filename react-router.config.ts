import type { Config } from '@react-router/dev/config';
import { content } from './src/content/content.server.ts';

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
    const { productIds, postIds } = await content().sitePaths();
    const { policySlugs } = await content().sitePaths();
    const { batchIds } = await content().sitePaths();
    return [
      ...getStaticPaths(),
      ...productIds.map((id) => `/products/${id}`),
      ...batchIds.map((id) => `/who-are-we/traceability/${encodeURIComponent(id)}`),
      ...postIds.map((id) => `/blog/${id}`),
      ...policySlugs.map((slug) => `/policies/${slug}`),
    ];
  },
} satisfies Config;
