/**
 * The order's events from its emails' fate (docs/shop-rules.md §11, issue 48): the mail provider's
 * signed webhook says an email to the shopper bounced for good or was marked as spam
 * (netlify/lib/mail/email-webhook.ts). The first one is kept on the order: staff see the address
 * marked undeliverable and are told to call (staff-status.ts), and later email notices are skipped
 * (netlify/lib/notify/channels.ts) — mailing an address that bounced or complained again is what
 * providers suspend senders for. A replay, or a second bounce, changes nothing.
 */
import type { StoredOrder } from '../order/index.ts';
import { parcelClosed } from '../parcel/index.ts';
import type { Family } from './family.ts';

export interface EmailUndeliverableEvent {
  type: 'email-undeliverable';
  at: string;
  emailId: string;
  kind: 'bounce' | 'complaint';
  /** The provider's words, as it gave them (shortened for the Sheet's cell). */
  reason: string;
}

export type EmailEvent = EmailUndeliverableEvent;

/** Long enough for a receiving server's sentence, short enough for the Status cell. */
export const EMAIL_REASON_MAX = 200;

const KIND_WORDS = { bounce: 'bounced', complaint: 'marked as spam' } as const;

function undeliverable(order: StoredOrder, event: EmailUndeliverableEvent): StoredOrder | undefined {
  if (order.emailUndeliverable) return undefined;
  const reason = event.reason.trim().slice(0, EMAIL_REASON_MAX) || 'no reason given';
  order.emailUndeliverable = { emailId: event.emailId, kind: event.kind, reason, at: event.at };
  order.history.push({ at: event.at, event: `email ${event.emailId} ${KIND_WORDS[event.kind]}: ${reason}` });
  return order;
}

type Judged = Partial<Pick<StoredOrder, 'emailUndeliverable' | 'status' | 'parcel' | 'cancellation'>>;

/**
 * Staff are to call the shopper: their email is undeliverable and the order still has news for
 * them (not cancelled, expired, or its parcel's story ended — delivered, returned, lost).
 */
export const callAboutEmail = (order: Judged): boolean =>
  order.emailUndeliverable !== undefined &&
  order.status !== 'cancelled' &&
  order.status !== 'expired' &&
  !order.cancellation &&
  !parcelClosed(order.parcel?.state ?? 'booked');

/** The Status's reason (staff-status.ts): `email undeliverable (bounced: …); call the shopper`. */
export function emailAttention(order: Judged): string | undefined {
  const undeliverable = order.emailUndeliverable;
  if (!undeliverable || !callAboutEmail(order)) return undefined;
  return `email undeliverable (${KIND_WORDS[undeliverable.kind]}: ${undeliverable.reason}); call the shopper`;
}

export const EMAIL_EVENTS: Family<EmailEvent> = {
  handlers: { 'email-undeliverable': undeliverable },
};
