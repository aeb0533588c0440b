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
