/**
 * New Reviews and Contact Submissions rows, made from what the shopper sent. A row's id is its
 * submission id (`review-<id>`, `contact-<id>`) and its date the time the submission was first
 * received, so a resend makes the very same row, which the Sheet already has (docs/shop-rules.md §3).
 */
import { indiaToday } from '#shop/dates.ts';
import type { SheetContact, SheetReview } from './submission-tabs.ts';

export interface ReviewInput {
  /** The browser's id of this submission (`submissionIdSchema`). */
  submissionId: string;
  productId: number;
  /** The product's name in the catalogue, for staff. */
  product: string;
  name: string;
  email: string;
  location?: string | undefined;
  rating: number;
  review: string;
}

/** A new review row: display 'No', type 'review', source 'Website', the day in India it was received. */
export function newSheetReview(input: ReviewInput, receivedAt: Date = new Date()): SheetReview {
  return {
    id: `review-${input.submissionId}`,
    product: input.product,
    productId: input.productId,
    name: input.name,
    email: input.email,
    location: input.location,
    rating: input.rating,
    source: 'Website',
    date: indiaToday(receivedAt),
    review: input.review,
    display: 'No',
    type: 'review',
  };
}

export interface ContactInput {
  submissionId: string;
  name: string;
  email: string;
  phone?: string | undefined;
  subject: string;
  message: string;
}

/** A new contact row: the ISO time it was received and type 'contact'. */
export function newSheetContact(input: ContactInput, receivedAt: Date = new Date()): SheetContact {
  return {
    id: `contact-${input.submissionId}`,
    name: input.name,
    email: input.email,
    phone: input.phone,
    subject: input.subject,
    message: input.message,
    timestamp: receivedAt.toISOString(),
    type: 'contact',
  };
}
