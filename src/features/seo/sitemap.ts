/** sitemap.xml and robots.txt, generated from the content at build time. */
import { SITE_ORIGIN, type SitemapEntry } from '../../config/site.ts';
import { absoluteUrl } from './head.ts';

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
