/**
 * A table of column labels and cell texts (the gviz feed's, or the local Reviews.csv's) mapped to
 * public reviews (docs/shop-rules.md §3): only rows whose display column is yes (any case) are
 * kept, and only the public fields leave this module — the sheet's emails never reach a browser.
 */
import type { PublicReview } from '../shop/schemas/index.ts';

export type Cell = string | undefined;

/**
 * A published review as the feed holds it: the public fields plus the catalogue id of its product
 * (the Product ID column; absent in rows written before it existed), which picks its product.
 */
export type FeedReview = PublicReview & { productId?: number | undefined };

/** The columns read, by label (case and spaces ignored); `customer` is the sheet's name column. */
const COLUMNS = {
  id: ['id'],
  product: ['product'],
  productId: ['product id'],
  customer: ['name', 'customer'],
  location: ['location'],
  rating: ['rating'],
  source: ['source'],
  date: ['date'],
  review: ['review', 'review text'],
  display: ['display'],
} as const;
type Column = keyof typeof COLUMNS;

const normaliseLabel = (label: string) => label.trim().toLowerCase().replace(/\s+/g, ' ');

function columnIndexes(labels: readonly Cell[]): Record<Column, number> {
  const normalised = labels.map((label) => normaliseLabel(label ?? ''));
  const indexes = {} as Record<Column, number>;
  for (const [column, names] of Object.entries(COLUMNS) as [Column, readonly string[]][]) {
    indexes[column] = normalised.findIndex((label) => names.includes(label));
  }
  return indexes;
}

/** Rating: an integer 1–5; numbers written as text count, anything else is the default 5. */
export function parseRating(value: Cell): number {
  const number = Number.parseFloat((value ?? '').trim());
  if (!Number.isFinite(number)) return 5;
  return Math.min(5, Math.max(1, Math.round(number)));
}

/** The Product ID cell: a catalogue id (a positive whole number), else none. */
export function parseProductId(value: Cell): number | undefined {
  const text = (value ?? '').trim();
  const number = Number(text);
  return text !== '' && Number.isInteger(number) && number > 0 ? number : undefined;
}

/**
 * The displayed reviews of a table. `rows` are the data rows in sheet order; a missing id becomes
 * `review-<n>`, n counting data rows from 1. A sheet whose columns have no labels (gviz does this
 * when it cannot tell the header row) has its labels in the first row, which is then skipped.
 */
export function reviewsFromTable(labels: readonly Cell[], rows: readonly Cell[][], today: string): FeedReview[] {
  let indexes = columnIndexes(labels);
  let dataRows = rows;
  if (indexes.display < 0 && rows[0]) {
    const fromFirstRow = columnIndexes(rows[0]);
    if (fromFirstRow.display >= 0) {
      indexes = fromFirstRow;
      dataRows = rows.slice(1);
    }
  }
  if (indexes.display < 0) return [];
  const reviews: FeedReview[] = [];
  dataRows.forEach((row, index) => {
    const read = (column: Column) => {
      const at = indexes[column];
      return at < 0 ? '' : (row[at] ?? '').trim();
    };
    if (read('display').toLowerCase() !== 'yes') return;
    const productId = parseProductId(read('productId'));
    reviews.push({
      id: read('id') || `review-${index + 1}`,
      product: read('product'),
      ...(productId === undefined ? {} : { productId }),
      customer: read('customer'),
      location: read('location'),
      rating: parseRating(read('rating')),
      source: read('source') || 'Website',
      date: read('date') || today,
      review: read('review'),
    });
  });
  return reviews;
}
