/** sitemap.xml and robots.txt, generated from the content at build time. */
import { SITE_ORIGIN } from '../../config/site.ts';
import { absoluteUrl } from './head.ts';

export interface SitemapEntry {
  path: string;
  /** ISO day of the last change, when the content knows it (blog posts). */
  lastModified?: string;
}

/**
 * Personal pages with nothing to find: left out of the sitemap and marked `noindex` in their head.
 * They are not disallowed in robots.txt, since a crawler that may not fetch a page never sees its
 * `noindex`.
 */
export const PRIVATE_PATHS: readonly string[] = ['/cart', '/checkout'];

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);
}

export function sitemapXml(entries: readonly SitemapEntry[], origin: string = SITE_ORIGIN): string {
  const urls = entries.map((entry) => {
    const lastmod = entry.lastModified ? `<lastmod>${escapeXml(entry.lastModified)}</lastmod>` : '';
    return `  <url><loc>${escapeXml(absoluteUrl(entry.path, origin))}</loc>${lastmod}</url>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

export function robotsTxt(origin: string = SITE_ORIGIN): string {
  return ['User-agent: *', 'Disallow: /api/', '', `Sitemap: ${absoluteUrl('/sitemap.xml', origin)}`, ''].join('\n');
}
