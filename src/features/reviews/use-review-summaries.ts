import { useCallback, useEffect, useState } from 'react';
import type { RatingSummary } from '../../components/Stars.tsx';
import { fetchReviewSummaries, type ReviewSummary } from './api.ts';

/** The summary for a product, by its catalogue id; none when it has no reviews. */
export function summaryFor(summaries: readonly ReviewSummary[], productId: number): RatingSummary | undefined {
  const found = summaries.find((summary) => summary.productId === productId);
  return found && found.count > 0 ? { average: found.average, count: found.count } : undefined;
}

/**
 * Stars for the product cards: one GET /api/reviews after hydration (reviews change without a
 * deploy, so they are never baked into the prerendered page). Returns a lookup by product id.
 */
export function useReviewSummaries(): (productId: number) => RatingSummary | undefined {
  const [summaries, setSummaries] = useState<ReviewSummary[]>([]);
  useEffect(() => {
    let active = true;
    void fetchReviewSummaries().then((next) => {
      if (active) setSummaries(next);
    });
    return () => {
      active = false;
    };
  }, []);
  return useCallback((productId: number) => summaryFor(summaries, productId), [summaries]);
}
