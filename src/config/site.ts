/** Where the shop lives on the web. Printed QR codes and absolute links are built from this one origin. */
export const SITE_ORIGIN = 'https://orangutanorganics.in';

/** The stable path of a batch's traceability page; the QR code on its pack leads here. */
export function batchPath(batchId: string): string {
  return `/who-are-we/traceability/${encodeURIComponent(batchId)}`;
}

/** The absolute URL of a batch's traceability page, as printed in its QR code. */
export function batchUrl(batchId: string, origin: string = SITE_ORIGIN): string {
  return `${origin}${batchPath(batchId)}`;
}

/** A policy page's address (its document's slug; the footer links every policy document). */
export const policyPath = (slug: string) => `/policies/${slug}`;

/** A page of the site as the sitemap lists it. */
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

/** The dev server's preview switches (site-build/preview-mode.ts): they set and clear the preview cookie. */
export const PREVIEW_ENABLE_PATH = '/__preview/enable';
export const PREVIEW_DISABLE_PATH = '/__preview/disable';
