/**
 * The tabs the site's forms write (through `records.ts`): Reviews, which staff publish and the public
 * feed reads, and Contact Submissions.
 */
import type { SheetTab } from './tabs.ts';

/** The Reviews tab's column of the product's catalogue id, which the public feed matches by. */
export const REVIEW_PRODUCT_ID_HEADER = 'Product ID';

/**
 * The Reviews tab: the columns the public review feed reads (docs/shop-rules.md §11) plus the
 * email, which only staff see, and the row's type. Staff publish a review by setting `display` to
 * Yes. `Product ID` came later, so it is last: a tab made before it only gains a column at its
 * right edge, and its older rows (without an id) are matched by their product name.
 */
export const REVIEW_HEADERS = [
  'id',
  'product',
  'name',
  'email',
  'location',
  'rating',
  'source',
  'date',
  'review',
  'display',
  'type',
  REVIEW_PRODUCT_ID_HEADER,
] as const;

/** A review submission as it reaches the sheet (docs/shop-rules.md §3): unpublished until staff say otherwise. */
export interface SheetReview {
  id: string;
  /** The product's name from the catalogue: what staff read. */
  product: string;
  /** The product's catalogue id: what the public feed matches by. */
  productId: number;
  name: string;
  email: string;
  location?: string | undefined;
  rating: number;
  source: string;
  date: string;
  review: string;
  display: string;
  type: 'review';
}

export const REVIEWS_TAB: SheetTab<SheetReview> = {
  name: 'Reviews',
  type: 'review',
  headers: REVIEW_HEADERS,
  keyHeader: 'id',
  keyField: 'id',
  key: (review) => review.id,
  // Each column is the field of the same name; Product ID is `productId`.
  rows: (review) => [
    REVIEW_HEADERS.map((header) => (header === REVIEW_PRODUCT_ID_HEADER ? review.productId : review[header])),
  ],
};

/** A contact message (docs/shop-rules.md §3), with a generated id first so a retried write adds no second row. */
export const CONTACT_HEADERS = ['id', 'name', 'email', 'phone', 'subject', 'message', 'timestamp', 'type'] as const;

export interface SheetContact {
  id: string;
  name: string;
  email: string;
  phone?: string | undefined;
  subject: string;
  message: string;
  /** ISO 8601, UTC. */
  timestamp: string;
  type: 'contact';
}

export const CONTACT_TAB: SheetTab<SheetContact> = {
  name: 'Contact Submissions',
  type: 'contact',
  headers: CONTACT_HEADERS,
  keyHeader: 'id',
  keyField: 'id',
  key: (contact) => contact.id,
  rows: (contact) => [CONTACT_HEADERS.map((header) => contact[header])],
};
