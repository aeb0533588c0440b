/**
 * What an order holds (the order log keeps one per order id, netlify/lib/orders/order-log.ts): its
 * status and how it may move, its forwards to the Sheet, the carrier and the mail, its parcel, its
 * notices, its cancellation and refunds. Types and small pure rules only: the shop core, so the
 * order's engine can be pure too (issue 47). Its forwards and notices are the order's tasks as it
 * shows them (netlify/lib/tasks/order-tasks.ts).
 */

import type { CodState } from '../cod/index.ts';
import type { CreditNote, Invoice } from '../invoice/index.ts';
import type { NoticeEvent, Parcel } from '../parcel/index.ts';
import type { CancelReason } from '../texts/cancel-reason.ts';
import type { WhatsAppConsent } from '../whatsapp.ts';
import type { Customer, OrderLine, OrderRecord, OrderTotals, PricedCart } from './order.ts';
import type { IssuedRefund } from './refunds.ts';
import type { PaymentMode } from './shipping.ts';

/**
 * What came of a cancellation's step, each done once however often asked (netlify/lib/orders/cancel.ts).
 * Who is doing it, and since when, is its task row's (`cancel-booking`, `refund`), never the order's.
 */
export interface CancelStep {
  status: 'pending' | 'done' | 'not-needed' | 'too-late' | 'failed';
  attempts: number;
  lastError?: string;
  at?: string;
}

export interface Cancellation {
  reason: CancelReason;
  by: 'shopper' | 'staff';
  /**
   * Asked from the order's own phone on WhatsApp (the COD confirmation's Cancel, a quick reply):
   * its owner asked. Absent, a shopper proved only the order's key (its page), which whoever placed
   * the order holds, with anyone's phone (docs/shop-rules.md §10 rule 17, issue 46).
   */
  fromPhone?: true;
  requestedAt: string;
  /** Delhivery's booking cancelled (or none to cancel). */
  booking: CancelStep;
  /** The money back (prepaid, or a COD fee paid now), or none to give. */
  refund: CancelStep;
  /** When the order became `cancelled`; absent while steps remain, or when it went on (too late). */
  doneAt?: string;
}

export type OrderStatus = 'pending' | 'paid' | 'forwarded' | 'expired' | 'cancelled';

export interface ForwardState {
  /**
   * `failed` is retried (after `nextAttemptAt`); `needs-attention` means retries ran out and staff
   * act by hand; `not-sent` is only in records written before the local carrier booked shipments,
   * and is what a missing email forward stands for (`forwardOf`).
   */
  status: 'pending' | 'sending' | 'done' | 'failed' | 'needs-attention' | 'not-sent';
  attempts: number;
  lastError?: string;
  at?: string;
  /** When a forward was claimed by one worker; a stale claim may be taken over. */
  claimedAt?: string;
  /** The first attempt of the current round of retries: they stop a day after it. */
  firstAttemptAt?: string;
  /** A failed forward is not tried again before this time (back-off). */
  nextAttemptAt?: string;
  waybill?: string;
  /** The Sheet: the status its rows last showed, so a change of status is written there too. */
  syncedStatus?: string;
  /**
   * The Sheet: a fingerprint of every cell its rows last showed beyond the order record
   * (`sheetFingerprint`, src/shop/order-engine/sheet-row.ts), so a change of any of them is written there, and a replayed
   * event that changes none writes nothing.
   */
  syncedCells?: string;
  /** The Sheet: the Orders tab its rows were written to (src/shop/order/sheet-tab.ts). */
  tab?: string;
}

export type PaidVia = 'browser' | 'webhook' | 'reconciler';

/** Why the shopper's email address takes no more of the shop's emails (docs/shop-rules.md §11). */
export interface EmailUndeliverable {
  /** The email that came back (`OrderEmail.emailId`: the order id, or `<orderId>-<notice>`). */
  emailId: string;
  kind: 'bounce' | 'complaint';
  /** The provider's words (the receiving server's answer), for staff. */
  reason: string;
  at: string;
}

export interface StoredOrder {
  orderId: string;
  /**
   * Opens the order's own page (`/orders/{orderId}?key={key}`): 128 random bits made with the
   * order, never derived from its id. Orders recorded before it existed have none: no page.
   */
  key?: string;
  status: OrderStatus;
  mode: PaymentMode;
  fingerprint: string;
  createdAt: string;
  updatedAt: string;
  customer: Customer;
  lines: OrderLine[];
  cart: PricedCart;
  totals: OrderTotals;
  record: OrderRecord;
  razorpay?: {
    orderId: string;
    amountPaise: number;
    paymentId?: string;
    paidAt?: string;
    via?: PaidVia;
    /** A payment Razorpay has but the shop could not capture yet: the shopper is told "confirming". */
    confirming?: string;
  };
  /**
   * Captured payments beyond the one that paid the order (two tabs, a retry): money to give back.
   * Each keeps the order `Needs refund` for staff until they refund it in Razorpay.
   */
  refunds?: { paymentId: string; amountPaise: number; at: string; via: PaidVia }[];
  /**
   * The Sheet's rows, the carrier's booking, the shopper's confirmation email and the GST invoice
   * (issued once booked). Orders recorded before the email or the invoice existed have no `email`
   * or `invoice`: they are never mailed or invoiced by the shop (`forwardOf`).
   */
  forwards: { sheet: ForwardState; shipment: ForwardState; email?: ForwardState; invoice?: ForwardState };
  /**
   * The parcel after booking: its states from the carrier's scans (src/shop/parcel/parcel.ts). Absent on
   * an order not booked yet, and on one booked before the shop followed parcels (read as `booked`).
   */
  parcel?: Parcel;
  /**
   * Messages to the shopper about the parcel, by channel and key (`email:shipped`,
   * `email:out-for-delivery-2`): written in the same conditional write as the change that earned
   * them, so each exists once; then run as a task (netlify/lib/notify/notice-kind.ts).
   */
  notices?: Record<string, NoticeState>;
  /** A cancellation asked for, and how far its steps have got (netlify/lib/orders/cancel.ts). */
  cancellation?: Cancellation;
  /**
   * Money given back through Razorpay (src/shop/order/refunds.ts), each under the idempotency key it was
   * asked with. Not to be confused with `refunds`: extra payments still owed back.
   */
  issuedRefunds?: IssuedRefund[];
  /**
   * A COD order's rules, advance and confirmation (src/shop/cod/cod.ts, docs/shop-rules.md §10 rule 17):
   * booked only once confirmed. Absent on prepaid orders and on COD orders placed before it existed.
   */
  cod?: CodState;
  /** A Cash on Delivery order's cash, told by staff from the Sheet (`COD received`). */
  codReceived?: { at: string; requestId: string };
  /**
   * The shopper's address refused one of the shop's emails for good (a hard bounce) or its owner
   * marked it as spam (a complaint), as the mail provider's signed webhook told it
   * (src/shop/order-engine/email-events.ts): staff call instead, and later email notices are skipped.
   */
  emailUndeliverable?: EmailUndeliverable;
  /** The shopper's yes to order updates on WhatsApp, as the checkout asked it (src/shop/whatsapp.ts). */
  whatsapp?: {
    consent?: WhatsAppConsent;
    /** Taps on `delivery_failed`'s quick replies, once per message (netlify/lib/whatsapp/inbox.ts). */
    replies?: { choice: string; at: string; messageId: string; ndr?: string }[];
  };
  /**
   * The order's GST tax invoice, as issued when it was booked (docs/shop-rules.md §12): frozen, so
   * a later rendering prints what was issued. Written once, by a conditional write
   * (netlify/lib/invoices).
   */
  invoice?: Invoice;
  /** The credit note reversing the invoice: the order was cancelled after it was invoiced. */
  creditNote?: CreditNote;
  /** Parcels sent before the current one, oldest first: returned or lost, then booked again by staff (book-again.ts). */
  earlierShipments?: EarlierShipment[];
  history: { at: string; event: string }[];
}

/** A parcel that came back or was lost, kept as it ended when staff booked the order again. */
export interface EarlierShipment {
  waybill: string;
  /** Delhivery's order reference it was booked under (`shipmentReference`). */
  reference: string;
  bookedAt: string;
  parcel?: Parcel;
}

/**
 * Delhivery's order reference for the order's current shipment: the order id, then `<id>-2`, `-3`
 * for a parcel booked again, since Delhivery keeps one shipment per order reference.
 */
export function shipmentReference(order: Pick<StoredOrder, 'orderId' | 'earlierShipments'>): string {
  const sent = order.earlierShipments?.length ?? 0;
  return sent === 0 ? order.orderId : `${order.orderId}-${sent + 1}`;
}

export interface NoticeState {
  channel: 'email' | 'whatsapp';
  event: NoticeEvent | OrderEvent;
  /** `skipped`: no longer true when its turn came (the parcel had moved on); `gave-up`: retries ran out. */
  status: 'pending' | 'sending' | 'sent' | 'failed' | 'skipped' | 'gave-up';
  attempts: number;
  /** When it was earned. */
  createdAt: string;
  claimedAt?: string;
  nextAttemptAt?: string;
  at?: string;
  lastError?: string;
  /** WhatsApp: Meta's id of the message sent (`wamid.…`), which its status callbacks name. */
  messageId?: string;
  /** WhatsApp: the newest status Meta reported (sent, delivered, read, failed) and its price category. */
  delivery?: { status: string; at: string; category?: string; pricingType?: string; error?: string };
}

/** News about the order itself, beside the parcel's (netlify/lib/notify). */
export type OrderEvent = 'placed' | 'cancelled' | 'refunded' | 'cod-confirm';
/**
 * The order news an email tells (the placed order has its own confirmation email, netlify/lib/orders/forward-kinds.ts; the
 * COD confirmation is asked on WhatsApp only, rule 17).
 */
export type OrderEmailEvent = Exclude<OrderEvent, 'placed' | 'cod-confirm'>;

/** A notice still to send (or being sent by a worker that may have died). */
export const noticeOpen = (state: NoticeState) =>
  state.status === 'pending' || state.status === 'sending' || state.status === 'failed';

/** Everything forwarded once per order, each a task (netlify/lib/orders/forward-kinds.ts). */
export const FORWARD_KINDS = ['sheet', 'shipment', 'email', 'invoice'] as const;
export type ForwardKind = (typeof FORWARD_KINDS)[number];

/** An order's forward of one kind; a missing one (no email on an older order) is settled: `not-sent`. */
export function forwardOf(order: Pick<StoredOrder, 'forwards'>, kind: ForwardKind): ForwardState {
  return order.forwards[kind] ?? { status: 'not-sent', attempts: 0 };
}

const RANK: Record<OrderStatus, number> = { pending: 0, expired: 0, paid: 1, forwarded: 2, cancelled: 3 };

/** Status only moves forward; expired is terminal except that proof of payment revives it. */
export function canMove(from: OrderStatus, to: OrderStatus): boolean {
  if (from === to) return false;
  if (to === 'expired') return from === 'pending';
  if (from === 'expired') return to === 'paid';
  return RANK[to] > RANK[from];
}

/**
 * Paid through Razorpay before it is placed: a prepaid order, or a COD order with its COD fee paid
 * now (`cod.advance`, set when the order is recorded; docs/shop-rules.md §10 rule 17). Such an
 * order is `pending` until Razorpay has the money, expires unpaid after 15 minutes, and is
 * forwarded only once `paid`.
 */
export const paysFirst = (order: Pick<StoredOrder, 'mode' | 'cod'>) =>
  order.mode === 'prepaid' || order.cod?.advance !== undefined;

/** What the order's Razorpay order asks for, in rupees: the COD fee alone for an advance, else the total. */
export const payableNow = (order: Pick<StoredOrder, 'totals' | 'cod'>) =>
  order.cod?.advance?.amount ?? order.totals.total;
