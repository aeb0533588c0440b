/**
 * The browser's calls to /api/reviews and /api/contact. The schemas (and zod) are imported when a
 * call is made, never at module load, so the product list and product page stay light.
 */

import type { ContactSubmission, PublicReview, ReviewSubmission } from '../../shop/schemas.ts';
import type { RatingSummary } from '../catalogue/index.ts';

export interface ProductReviews {
  reviews: PublicReview[];
  average: number;
  count: number;
}

export interface ReviewSummary extends RatingSummary {
  product: string;
}

const EMPTY: ProductReviews = { reviews: [], average: 0, count: 0 };

async function getJson(url: string): Promise<unknown> {
  const response = await fetch(url, { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return response.json();
}

/** A product's published reviews; an empty list when the feed cannot be read. */
export async function fetchProductReviews(product: string): Promise<ProductReviews> {
  try {
    const { reviewsResponseSchema } = await import('../../shop/schemas.ts');
    const parsed = reviewsResponseSchema.safeParse(
      await getJson(`/api/reviews?product=${encodeURIComponent(product)}`),
    );
    return parsed.success ? parsed.data : EMPTY;
  } catch {
    return EMPTY;
  }
}

/** Every product's average and count, for the product cards; empty when unavailable. */
export async function fetchReviewSummaries(): Promise<ReviewSummary[]> {
  try {
    const { reviewSummariesResponseSchema } = await import('../../shop/schemas.ts');
    const parsed = reviewSummariesResponseSchema.safeParse(await getJson('/api/reviews'));
    return parsed.success ? parsed.data.summaries : [];
  } catch {
    return [];
  }
}

export type SubmitResult = { ok: true } | { ok: false; message: string };

async function post(path: string, body: unknown): Promise<SubmitResult> {
  try {
    const { errorEnvelopeSchema, submissionAcceptedSchema } = await import('../../shop/schemas.ts');
    const response = await fetch(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(20_000),
    });
    const json: unknown = await response.json().catch(() => undefined);
    if (response.ok && submissionAcceptedSchema.safeParse(json).success) return { ok: true };
    const envelope = errorEnvelopeSchema.safeParse(json);
    return {
      ok: false,
      message: envelope.success ? envelope.data.error.message : `${path} answered ${response.status}`,
    };
  } catch (error) {
    return { ok: false, message: (error as Error).message };
  }
}

export const submitReview = (submission: ReviewSubmission) => post('/api/reviews', submission);

export const submitContactMessage = (submission: ContactSubmission) => post('/api/contact', submission);
