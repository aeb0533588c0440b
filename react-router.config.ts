import type { Config } from '@react-router/dev/config';
import { content } from './src/content/content.server.ts';

export default {
  appDirectory: 'src',
  // Static hosting: every page is prerendered to HTML at build time, then hydrates.
  ssr: false,
  async prerender({ getStaticPaths }) {
    const { productIds } = await content().sitePaths();
    return [...getStaticPaths(), ...productIds.map((id) => `/products/${id}`)];
  },
} satisfies Config;
