import { sitemapEntries } from '../content/site-paths.server.ts';
import { sitemapXml } from '../features/seo/sitemap.ts';

/** Prerendered to build/client/sitemap.xml: every public page, from the content of this build. */
export async function loader() {
  return new Response(sitemapXml(await sitemapEntries()), {
    headers: { 'Content-Type': 'application/xml; charset=utf-8' },
  });
}
