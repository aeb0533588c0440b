import { useCallback, useEffect, useState } from 'react';
import { productNamesMatch } from '../../shop/reviews.ts';
import type { RatingSummary } from '../catalogue/index.ts';
import { fetchReviewSummaries, type ReviewSummary } from './api.ts';

/** The summary for a product: the same name first, else one whose name contains the other. */
export function summaryFor(summaries: readonly ReviewSummary[], name: string): RatingSummary | undefined {
  const wanted = name.trim().toLowerCase();
  const found =
    summaries.find((summary) => summary.product.trim().toLowerCase() === wanted) ??
    summaries.find((summary) => productNamesMatch(summary.product, name));
  return found && found.count > 0 ? { average: found.average, count: found.count } : undefined;
}

/**
 * Stars for the product cards: one GET /api/reviews after hydration (reviews change without a
 * deploy, so they are never baked into the prerendered page). Returns a lookup by product name.
 */
export function useReviewSummaries(): (name: string) => RatingSummary | undefined {
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
  return useCallback((name: string) => summaryFor(summaries, name), [summaries]);
}
