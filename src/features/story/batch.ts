import { batchUrl, SITE_ORIGIN } from '../../config/site.ts';
import type { Batch } from '../../content/types.ts';
import { type QrSvg, qrSvg } from './qr.ts';

export type BatchStep = Batch['steps'][number] & { dateLabel: string };

/** What a batch page shows: the batch, its dates already formatted, and its QR code. */
export interface BatchPageData {
  batch: Omit<Batch, 'steps'> & { steps: BatchStep[] };
  url: string;
  qr: QrSvg;
}

const stepDate = new Intl.DateTimeFormat('en-IN', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Asia/Kolkata',
});

/** A step's date as shoppers in India read it, in India's time zone, e.g. "23 Sept 2025, 5:30 pm". */
export function formatStepDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : stepDate.format(date);
}

/**
 * Built once, at build time, in the route loader: dates are formatted and the QR code drawn there,
 * so the browser neither re-formats (no hydration differences) nor loads the QR library.
 */
export function batchPageData(batch: Batch, origin: string = SITE_ORIGIN): BatchPageData {
  const url = batchUrl(batch.batchId, origin);
  return {
    batch: { ...batch, steps: batch.steps.map((step) => ({ ...step, dateLabel: formatStepDate(step.date) })) },
    url,
    qr: qrSvg(url),
  };
}
