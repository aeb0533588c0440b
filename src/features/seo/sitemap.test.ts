import { describe, expect, it } from 'vitest';
import { robotsTxt, sitemapXml } from './sitemap.ts';

describe('sitemapXml', () => {
  it('lists absolute URLs, with the last change when known, escaped', () => {
    const xml = sitemapXml([{ path: '/' }, { path: '/blog/1', lastModified: '2025-01-21' }, { path: "/a&b'" }]);
    expect(xml).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
        '  <url><loc>https://orangutanorganics.in/</loc></url>',
        '  <url><loc>https://orangutanorganics.in/blog/1</loc><lastmod>2025-01-21</lastmod></url>',
        '  <url><loc>https://orangutanorganics.in/a&#38;b&#39;</loc></url>',
        '</urlset>',
        '',
      ].join('\n'),
    );
  });
});

describe('robotsTxt', () => {
  it('keeps crawlers out of the API only and points at the sitemap', () => {
    expect(robotsTxt('https://example.in')).toBe(
      'User-agent: *\nDisallow: /api/\n\nSitemap: https://example.in/sitemap.xml\n',
    );
  });
});
