/** New Reviews and Contact Submissions rows, made from what the shopper sent. */
import type { SheetContact, SheetReview } from './tabs.ts';

const indiaDate = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Kolkata',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The calendar date in India as YYYY-MM-DD (the shop's day, whatever the server's zone). */
export function indiaToday(now: Date = new Date()): string {
  return indiaDate.format(now);
}

/** A unique id for a row: `<prefix>-<milliseconds>-<8 random hex digits>`. */
export function rowId(prefix: string, now: Date = new Date()): string {
  return `${prefix}-${now.getTime()}-${crypto.randomUUID().slice(0, 8)}`;
}

export interface ReviewInput {
  product: string;
  name: string;
  email: string;
  location?: string | undefined;
  rating: number;
  review: string;
}

/** A new review row: display 'No', type 'review', source 'Website', today's date in India. */
export function newSheetReview(input: ReviewInput, now: Date = new Date()): SheetReview {
  return {
    id: rowId('review', now),
    product: input.product,
    name: input.name,
    email: input.email,
    location: input.location,
    rating: input.rating,
    source: 'Website',
    date: indiaToday(now),
    review: input.review,
    display: 'No',
    type: 'review',
  };
}

export interface ContactInput {
  name: string;
  email: string;
  phone?: string | undefined;
  subject: string;
  message: string;
}

/** A new contact row: an ISO timestamp and type 'contact'. */
export function newSheetContact(input: ContactInput, now: Date = new Date()): SheetContact {
  return {
    id: rowId('contact', now),
    name: input.name,
    email: input.email,
    phone: input.phone,
    subject: input.subject,
    message: input.message,
    timestamp: now.toISOString(),
    type: 'contact',
  };
}
