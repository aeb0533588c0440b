/**
 * The published reviews, read from the staff's sheet: its public JSON export (the gviz feed of the
 * Reviews tab) when `SHEET_ID` is set, the local `Reviews.csv` otherwise (docs/shop-rules.md §11).
 * Both become a table of labels and cells, mapped the same way to reviews by `review-table.server.ts`.
 *
 * The one reader: /api/reviews (netlify/lib/reviews/service.ts) answers with it, and the build
 * writes each product's structured data with it (review-digest.server.ts).
 */
import { resolve } from 'node:path';
import { z } from 'zod';
import { averageRating, reviewIsFor } from '../shop/catalogue/index.ts';
import { indiaToday } from '../shop/dates.ts';
import type { PublicReview } from '../shop/schemas/index.ts';
import { fileInFolder } from './local-file.server.ts';
import { type Cell, type FeedReview, reviewsFromTable } from './review-table.server.ts';
import { readCsv } from './sheet-csv.server.ts';

// ---------------------------------------------------------------------------------------------
// The gviz feed

const gvizCellSchema = z
  .object({ v: z.unknown().optional(), f: z.string().nullable().optional() })
  .nullable()
  .optional();

const gvizSchema = z.object({
  status: z.string().optional(),
  table: z.object({
    cols: z.array(z.object({ label: z.string().nullable().optional() }).nullable()),
    rows: z.array(z.object({ c: z.array(gvizCellSchema).nullable().optional() }).nullable()).default([]),
  }),
});

/** gviz writes a date cell's value as `Date(2025,0,31)` (months from 0). */
const GVIZ_DATE = /^Date\((\d{4}),(\d{1,2}),(\d{1,2})(?:,[\d,]*)?\)$/;

function cellText(cell: z.infer<typeof gvizCellSchema>): Cell {
  if (!cell) return undefined;
  if (typeof cell.f === 'string') return cell.f;
  const value = cell.v;
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'string') {
    const date = GVIZ_DATE.exec(value);
    if (date) {
      const [, year, month, day] = date;
      return `${year}-${String(Number(month) + 1).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
    }
    return value;
  }
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
}

export class ReviewFeedError extends Error {
  override name = 'ReviewFeedError';
}

/**
 * The displayed reviews in a gviz response. The JSON object is whatever lies between the first `{`
 * and the last `}`, so the wrapper (`/*O_o*\/`, `google.visualization.Query.setResponse(…);`)
 * may change without breaking this. Throws ReviewFeedError for anything that is not a table.
 */
export function parseGvizResponse(text: string, today: string = indiaToday()): FeedReview[] {
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  if (start < 0 || end < start) throw new ReviewFeedError('the feed holds no JSON object');
  let json: unknown;
  try {
    json = JSON.parse(text.slice(start, end + 1));
  } catch {
    throw new ReviewFeedError('the feed is not JSON');
  }
  const parsed = gvizSchema.safeParse(json);
  if (!parsed.success) {
    const status = (json as { status?: unknown } | null)?.status;
    throw new ReviewFeedError(status === 'error' ? 'the feed answered an error' : 'the feed is not a table');
  }
  const { cols, rows } = parsed.data.table;
  const labels = cols.map((col) => col?.label ?? undefined);
  const cells = rows.map((row) => (row?.c ?? []).map(cellText));
  return reviewsFromTable(labels, cells, today);
}

/** The displayed reviews in the local Reviews.csv (header row = labels); a missing file has none. */
export async function readLocalReviews(dir: string, today: string = indiaToday()): Promise<FeedReview[]> {
  const [header, ...rows] = await readCsv(fileInFolder(dir, 'Reviews.csv'));
  if (!header) return [];
  return reviewsFromTable(header, rows, today);
}

// ---------------------------------------------------------------------------------------------
// The feed reader, cached

/** Where the reviews come from: the functions pass their whole environment (netlify/lib/platform/env.ts). */
export interface ReviewsEnv {
  SHEET_ID?: string | undefined;
  LOCAL_SHEETS_DIR: string;
  CONTEXT?: string | undefined;
}

/**
 * The build's reviews environment, read as the functions read theirs (`readServerEnv`: a blank
 * value is unset, the local sheet in `.data/sheets`); netlify/lib/reviews/service.test.ts holds
 * the two to the same answer.
 */
export function reviewsEnv(source: Record<string, string | undefined> = process.env): ReviewsEnv {
  const set = (name: string) => source[name]?.trim() || undefined;
  return {
    SHEET_ID: set('SHEET_ID'),
    LOCAL_SHEETS_DIR: source.LOCAL_SHEETS_DIR ?? '.data/sheets',
    CONTEXT: source.CONTEXT ?? 'dev',
  };
}

export const REVIEWS_CACHE_MS = 5 * 60 * 1000;
export const REVIEWS_FEED_TIMEOUT_MS = 6000;

export function feedUrl(sheetId: string): string {
  return `https://docs.google.com/spreadsheets/d/${encodeURIComponent(sheetId)}/gviz/tq?tqx=out:json&sheet=Reviews`;
}

/** How long a read feed is reused: 5 minutes, or `REVIEWS_CACHE_MS` (read at call time) for tests. */
function cacheMs(): number {
  const raw = process.env.REVIEWS_CACHE_MS;
  if (raw === undefined || raw.trim() === '') return REVIEWS_CACHE_MS;
  const value = Number(raw);
  return Number.isFinite(value) && value >= 0 ? value : REVIEWS_CACHE_MS;
}

interface CacheEntry {
  source: string;
  at: number;
  reviews: Promise<FeedReview[]>;
}
let cache: CacheEntry | undefined;

/** Forgets the cached feed (tests). */
export function clearReviewsCache(): void {
  cache = undefined;
}

async function readFeed(env: ReviewsEnv, fetchImpl: typeof fetch): Promise<FeedReview[]> {
  if (!env.SHEET_ID) {
    // Production without a feed shows no reviews rather than files from the function's disk.
    return env.CONTEXT === 'production' ? [] : readLocalReviews(env.LOCAL_SHEETS_DIR);
  }
  let response: Response;
  let text: string;
  try {
    response = await fetchImpl(feedUrl(env.SHEET_ID), {
      signal: AbortSignal.timeout(REVIEWS_FEED_TIMEOUT_MS),
    });
    text = await response.text();
  } catch (error) {
    throw new ReviewFeedError(
      error instanceof Error && error.name === 'TimeoutError'
        ? `the feed did not answer within ${REVIEWS_FEED_TIMEOUT_MS} ms`
        : `the feed could not be reached (${error instanceof Error ? error.message : String(error)})`,
    );
  }
  if (!response.ok) throw new ReviewFeedError(`the feed answered HTTP ${response.status}`);
  return parseGvizResponse(text);
}

/**
 * Every displayed review, from the cache when it is fresh. A failure is logged as a warning and
 * answers an empty list (docs/shop-rules.md §8); it is not cached, so the next request tries the feed again.
 */
export async function loadReviews(env: ReviewsEnv, fetchImpl: typeof fetch = fetch): Promise<FeedReview[]> {
  const source = env.SHEET_ID ? `sheet:${env.SHEET_ID}` : `csv:${resolve(env.LOCAL_SHEETS_DIR)}`;
  const now = Date.now();
  if (cache && cache.source === source && now - cache.at < cacheMs()) return cache.reviews;
  const entry: CacheEntry = { source, at: now, reviews: readFeed(env, fetchImpl) };
  cache = entry;
  try {
    return await entry.reviews;
  } catch (error) {
    if (cache === entry) cache = undefined;
    console.warn(`Reviews: feed unavailable, showing none: ${error instanceof Error ? error.message : String(error)}`);
    return [];
  }
}

// ---------------------------------------------------------------------------------------------
// What the functions answer

export interface ProductReviews {
  reviews: PublicReview[];
  average: number;
  count: number;
}

/** Sortable time of a review's date (unparseable dates sort last). */
function dateValue(date: string): number {
  const time = Date.parse(date);
  return Number.isNaN(time) ? Number.NEGATIVE_INFINITY : time;
}

/** A catalogue product as the feed matches reviews to it: its id, and its name for older rows. */
export interface ReviewedProduct {
  id: number;
  name: string;
}

/**
 * One product's reviews: by catalogue id, or for rows without one by the exact name
 * (docs/shop-rules.md §5, `reviewIsFor`), newest first (later rows first on the same date), copied
 * field by field so nothing but the public fields can leave.
 */
export function selectReviews(all: readonly FeedReview[], product: ReviewedProduct): ProductReviews {
  const reviews = all
    .map((review, index) => ({ review, index }))
    .filter(({ review }) => reviewIsFor(review, product))
    .sort((a, b) => dateValue(b.review.date) - dateValue(a.review.date) || b.index - a.index)
    .map(({ review }) => ({
      id: review.id,
      product: review.product,
      customer: review.customer,
      location: review.location,
      rating: review.rating,
      source: review.source,
      date: review.date,
      review: review.review,
    }));
  return { reviews, average: averageRating(reviews.map((review) => review.rating)), count: reviews.length };
}

export interface ReviewSummary {
  productId: number;
  product: string;
  average: number;
  count: number;
}

export function summarise(all: readonly FeedReview[], products: readonly ReviewedProduct[]): ReviewSummary[] {
  return products.map((product) => {
    const { average, count } = selectReviews(all, product);
    return { productId: product.id, product: product.name, average, count };
  });
}

export async function reviewsFor(
  product: ReviewedProduct,
  env: ReviewsEnv,
  fetchImpl: typeof fetch = fetch,
): Promise<ProductReviews> {
  return selectReviews(await loadReviews(env, fetchImpl), product);
}

export async function reviewSummaries(
  products: readonly ReviewedProduct[],
  env: ReviewsEnv,
  fetchImpl: typeof fetch = fetch,
): Promise<{ summaries: ReviewSummary[] }> {
  return { summaries: summarise(await loadReviews(env, fetchImpl), products) };
}
