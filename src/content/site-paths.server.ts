/**
 * Every page of the site, from the content: what the build prerenders and what the sitemap lists.
 */
import { batchPath, PRIVATE_PATHS, type SitemapEntry } from '../config/site.ts';
import { type Content, content } from './content.server.ts';

/** Pages whose path does not come from content (src/routes.ts, without its parameters). */
export const STATIC_PAGES = [
  '/',
  '/products',
  '/cart',
  '/checkout',
  '/contact',
  '/blog',
  '/who-are-we',
  '/who-are-we/farmer-impact',
  '/who-are-we/traceability',
  '/who-are-we/recipes',
  '/nutrition',
  '/why-it-matters',
  '/track',
] as const;

/**
 * Pages for development only (the staff desk, issue 32 §6; the WhatsApp outbox, issue 33 §7): never
 * in the sitemap, and prerendered only by a build made on a developer's machine (`devPagesBuilt`),
 * so no deploy has such a page. Wherever one is built, its function still decides: it answers 404
 * anywhere but on a developer's machine (netlify/lib/platform/local-machine.ts, issue 46), beside a
 * real Sheet or Delhivery (the staff desk) or Meta's Cloud API (the outbox), and the page then says
 * there is nothing here.
 */
export const DEV_ONLY_PATHS: readonly string[] = ['/dev/staff', '/dev/whatsapp'];

/**
 * Does this build include the development pages? Not when Netlify builds it, for any context:
 * Netlify sets `NETLIFY=true` in every build it runs (a read-only build variable); nor with
 * `CONTEXT=production`.
 */
export const devPagesBuilt = (env: Record<string, string | undefined> = process.env) =>
  env.NETLIFY !== 'true' && env.CONTEXT !== 'production';

/** The path prerendered as the page Netlify serves, with status 404, for any unknown address. */
export const NOT_FOUND_PATH = '/404';

/**
 * The order page's shell: prerendered once (header, footer, the loading state) and served for every
 * `/orders/*` address (netlify.toml); the order itself is fetched in the browser with its key. Not
 * an order id, so the shell opened at its own address says 'Order not found'. (Not `/orders/_`: React
 * Router reads a data file named `_.data` as the one for `/orders/`.)
 */
export const ORDER_SHELL_PATH = '/orders/shell';

/** Pages made from content: one per product, blog post, traceability batch and policy. */
export async function contentPages(source: Content = content()): Promise<SitemapEntry[]> {
  const [{ productIds, batchIds, policySlugs }, posts] = await Promise.all([source.sitePaths(), source.blogPosts()]);
  return [
    ...productIds.map((id) => ({ path: `/products/${id}` })),
    ...posts.map((post) => ({ path: `/blog/${post.id}`, lastModified: post.date })),
    ...batchIds.map((id) => ({ path: batchPath(id) })),
    ...policySlugs.map((slug) => ({ path: `/policies/${slug}` })),
  ];
}

/** What search engines may index: every page except the cart and checkout. */
export async function sitemapEntries(source: Content = content()): Promise<SitemapEntry[]> {
  const pages = STATIC_PAGES.filter((path) => !PRIVATE_PATHS.includes(path)).map((path) => ({ path }));
  return [...pages, ...(await contentPages(source))];
}
