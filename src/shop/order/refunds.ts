/**
 * Money given back (docs/shop-rules.md §10, "Cancel and refund"): the arithmetic every refund
 * passes before Razorpay is asked, pure so the shopper's cancellation, staff's actions, the
 * webhook and the reconciler all count alike. Amounts are paise (whole numbers), as Razorpay's.
 *
 * - A refund is one Razorpay refund of one captured payment, named by an idempotency key the shop
 *   makes before asking (`refundKey`), so a retry can never refund twice.
 * - Refunds add up per payment, and never beyond what that payment captured: `requested`,
 *   `pending` and `processed` refunds count; a `failed` one gave nothing back and does not.
 * - A refund's state only moves forward: requested → pending → processed, or → failed.
 */

export const REFUND_STATES = ['requested', 'pending', 'processed', 'failed'] as const;
export type RefundState = (typeof REFUND_STATES)[number];

/** Why money goes back. */
export type RefundPurpose = 'cancelled' | 'staff' | 'extra-payment';

export interface IssuedRefund {
  /** The idempotency key sent as `X-Refund-Idempotency`, made before Razorpay is asked. */
  key: string;
  paymentId: string;
  amountPaise: number;
  purpose: RefundPurpose;
  status: RefundState;
  /** Razorpay's refund id (`rfnd_…`), once it answered. */
  refundId?: string | undefined;
  requestedAt: string;
  settledAt?: string | undefined;
  /** Razorpay's words when it refused or the refund failed. */
  failure?: string | undefined;
  /**
   * Money owed back by hand (UPI or bank transfer): a Cash on Delivery order's refund, which
   * Razorpay cannot make. It stays `requested` and is never sent to Razorpay (paymentId `cash`).
   */
  manual?: true | undefined;
  /** The staff request (its single-use id) that asked for it: the same request never makes a second. */
  requestId?: string | undefined;
}

/** The `paymentId` a manual refund of a Cash on Delivery order is counted against. */
export const CASH_PAYMENT = 'cash';

/** What one payment has given back so far, or is giving: every refund but the failed ones. */
export function refundedPaise(refunds: readonly IssuedRefund[], paymentId: string): number {
  return refunds
    .filter((refund) => refund.paymentId === paymentId && refund.status !== 'failed')
    .reduce((sum, refund) => sum + refund.amountPaise, 0);
}

/** What is left to give back of a captured payment. */
export const refundablePaise = (capturedPaise: number, refunds: readonly IssuedRefund[], paymentId: string) =>
  Math.max(0, capturedPaise - refundedPaise(refunds, paymentId));

export type RefundCheck =
  | { ok: true; amountPaise: number }
  | { ok: false; reason: 'not-a-whole-amount' | 'nothing-left' | 'more-than-left'; leftPaise: number };

/**
 * May `amountPaise` more be refunded of this payment? Undefined asks for everything that is left
 * (a cancellation). A part must be a whole, positive number of paise and at most what is left.
 */
export function checkRefund(
  capturedPaise: number,
  refunds: readonly IssuedRefund[],
  paymentId: string,
  amountPaise?: number,
): RefundCheck {
  const leftPaise = refundablePaise(capturedPaise, refunds, paymentId);
  const wanted = amountPaise ?? leftPaise;
  if (!Number.isSafeInteger(wanted) || wanted < 0) return { ok: false, reason: 'not-a-whole-amount', leftPaise };
  if (leftPaise === 0 || wanted === 0) return { ok: false, reason: 'nothing-left', leftPaise };
  if (wanted > leftPaise) return { ok: false, reason: 'more-than-left', leftPaise };
  return { ok: true, amountPaise: wanted };
}

/**
 * The idempotency key of an order's `n`-th refund of a purpose: the same every time the same
 * refund is asked for (a retry, a second worker, the reconciler), different for the next one.
 * Razorpay wants at least 10 letters, digits, `-` or `_`.
 */
export const refundKey = (orderId: string, purpose: RefundPurpose, n: number) => `${orderId}-${purpose}-${n}`;

/** May a refund in `from` become `to`? (Razorpay's answers and webhooks arrive in any order.) */
export function canMoveRefund(from: RefundState, to: RefundState): boolean {
  return REFUND_STATES.indexOf(to) > REFUND_STATES.indexOf(from) && from !== 'processed' && from !== 'failed';
}

/** How an order's refunds stand, as the order page, the emails and the Sheet say it. */
export function refundsSummary(refunds: readonly IssuedRefund[]): {
  state: 'none' | 'pending' | 'refunded' | 'failed';
  /** Processed, in paise. */
  refundedPaise: number;
  /** Asked for and not yet processed (nor failed), in paise. */
  pendingPaise: number;
} {
  const sum = (states: readonly RefundState[]) =>
    refunds.filter((refund) => states.includes(refund.status)).reduce((total, refund) => total + refund.amountPaise, 0);
  const refunded = sum(['processed']);
  const pending = sum(['requested', 'pending']);
  const failed = refunds.some((refund) => refund.status === 'failed');
  let state: 'none' | 'pending' | 'refunded' | 'failed' = 'none';
  if (failed && pending === 0) state = 'failed';
  else if (pending > 0) state = 'pending';
  else if (refunded > 0) state = 'refunded';
  return { state, refundedPaise: refunded, pendingPaise: pending };
}

/** Refunds Razorpay has not settled yet: asked for (maybe never answered), or pending. */
export const refundsOpen = (order: { issuedRefunds?: IssuedRefund[] }) =>
  (order.issuedRefunds ?? []).some(
    (refund) => !refund.manual && (refund.status === 'requested' || refund.status === 'pending'),
  );

/** Adds a refund, or moves a known one (by key) forward; never backwards, never twice. */
export function mergeRefund(order: { issuedRefunds?: IssuedRefund[] }, change: Partial<IssuedRefund>): void {
  const refunds = order.issuedRefunds ?? [];
  const index = refunds.findIndex((refund) => refund.key === change.key);
  if (index < 0) {
    order.issuedRefunds = [...refunds, change as IssuedRefund];
    return;
  }
  const known = refunds[index] as IssuedRefund;
  const status = change.status && canMoveRefund(known.status, change.status) ? change.status : known.status;
  refunds[index] = { ...known, ...change, status, ...(change.refundId ? {} : { refundId: known.refundId }) };
  order.issuedRefunds = refunds;
}
