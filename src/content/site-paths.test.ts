import { describe, expect, it } from 'vitest';
import routes from '../routes.ts';
import { createContent } from './content.server.ts';
import {
  contentPages,
  DEV_ONLY_PATHS,
  devPagesBuilt,
  NOT_FOUND_PATH,
  STATIC_PAGES,
  sitemapEntries,
} from './site-paths.server.ts';
import { createBundledSource } from './source.server.ts';

const content = createContent(createBundledSource());

describe('site paths', () => {
  it('STATIC_PAGES are exactly the routes without parameters that render a page', () => {
    const pages = routes
      .map((route) => (route.index ? '/' : `/${route.path}`))
      .filter((path) => !path.includes(':') && !path.includes('*') && !path.includes('.'));
    // The development staff desk is a route, never a page of the sitemap.
    expect(pages).toEqual(expect.arrayContaining([...DEV_ONLY_PATHS]));
    expect([...STATIC_PAGES].sort()).toEqual(pages.filter((path) => !DEV_ONLY_PATHS.includes(path)).sort());
    expect(NOT_FOUND_PATH).toBe('/404');
  });

  it('builds the development pages only on a developer’s machine: never in a Netlify build, nor a production one', () => {
    expect(devPagesBuilt({ CONTEXT: 'production' })).toBe(false);
    for (const context of ['production', 'deploy-preview', 'branch-deploy'])
      expect(devPagesBuilt({ NETLIFY: 'true', CONTEXT: context }), context).toBe(false);
    expect(devPagesBuilt({})).toBe(true);
    expect(devPagesBuilt({ CONTEXT: 'dev' })).toBe(true);
  });

  it('has one page per product, post, batch and policy, posts with their date', async () => {
    const pages = await contentPages(content);
    const paths = pages.map((page) => page.path);
    expect(paths.filter((path) => path.startsWith('/products/'))).toHaveLength(6);
    expect(paths.filter((path) => path.startsWith('/policies/'))).toHaveLength(5);
    expect(paths).toContain('/who-are-we/traceability/OUO-GHEE-2025-09-25-001');
    const posts = pages.filter((page) => page.path.startsWith('/blog/'));
    expect(posts.length).toBeGreaterThan(0);
    for (const post of posts) expect(post.lastModified).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('the sitemap lists every page except the cart and checkout', async () => {
    const paths = (await sitemapEntries(content)).map((entry) => entry.path);
    expect(paths).toContain('/');
    expect(paths).toContain('/who-are-we/recipes');
    expect(paths).not.toContain('/cart');
    expect(paths).not.toContain('/checkout');
    expect(new Set(paths).size).toBe(paths.length);
  });
});
