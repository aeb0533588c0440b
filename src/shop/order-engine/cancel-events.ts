/**
 * The order's events of cancellation and refunds: cancel asked, its steps (the booking cancelled,
 * the money back), every refund state Razorpay tells (transition.ts). A cancellation is asked once
 * and done in steps that each happen once (docs/shop-rules.md §10, "Cancel and refund"; decision
 * 023): each step is claimed on the order before it is performed, and settled after, by its writer
 * (netlify/lib/orders/cancel.ts).
 */
import type { CancelReason } from '../cancel-texts.ts';
import type { CancelStep, StoredOrder } from '../order-record.ts';
import { type IssuedRefund, mergeRefund } from '../refunds.ts';
import { cancellable, cancelRefundDecision, type RefundReport, reportedRefund } from './cancel-rules.ts';
import { STALE_CLAIM_MS } from './claims.ts';
import type { Family } from './family.ts';
import { enqueueOrderNotice } from './notices.ts';

/** A cancellation's steps: Delhivery's booking cancelled, then the money back. */
export type CancelStepName = 'booking' | 'refund';

export type CancelEvent =
  /** The shopper (the order page, WhatsApp) or staff (the Sheet) asked for the order to be cancelled. */
  | { type: 'cancel-asked'; at: string; reason: CancelReason; by: 'shopper' | 'staff'; fromPhone?: boolean | undefined }
  /** A worker took a step of the cancellation on (one not taken, failed, or held by a worker that died). */
  | { type: 'cancel-step-claimed'; at: string; step: CancelStepName }
  /** What came of a step taken: Delhivery's answer, Razorpay's, or the failure that stays for the reconciler. */
  | {
      type: 'cancel-step-settled';
      at: string;
      step: CancelStepName;
      status: CancelStep['status'];
      lastError?: string | undefined;
      refund?: Partial<IssuedRefund> | undefined;
    }
  /** The cancellation's refund, written with its key before Razorpay is asked (the payment and what it captured). */
  | { type: 'cancel-refund-requested'; at: string; key: string; paymentId: string; capturedPaise: number }
  /** Every step settled: the order is cancelled. */
  | { type: 'order-cancelled'; at: string }
  /** Razorpay told a refund's state (its answer, a webhook, the reconciler asking). */
  | { type: 'refund-reported'; at: string; refund: RefundReport };

const step = (status: CancelStep['status']): CancelStep => ({ status, attempts: 0 });

const settled = (state: CancelStep) => state.status === 'done' || state.status === 'not-needed';

export const CANCEL_EVENTS: Family<CancelEvent> = {
  handlers: {
    'cancel-asked': (order, { at, reason, by, fromPhone }) => {
      // Asked already: this request joins it (its writer tells what the first one came to).
      if (order.cancellation && !order.cancellation.doneAt && order.status !== 'cancelled') return undefined;
      if (cancellable(order)) return undefined;
      const shipment = order.forwards.shipment;
      // A booking in flight (its task running) may yet make a parcel: the step waits for it (issue 47).
      const booked = (shipment.status === 'done' && Boolean(shipment.waybill)) || shipment.status === 'sending';
      // Money Razorpay holds: a prepaid order's, or a COD order's fee paid now (rule 17). Plain COD: none.
      const paid = Boolean(order.razorpay?.paymentId);
      order.cancellation = {
        reason,
        by,
        ...(by === 'shopper' && fromPhone ? { fromPhone: true as const } : {}),
        requestedAt: at,
        booking: step(booked ? 'pending' : 'not-needed'),
        refund: step(paid ? 'pending' : 'not-needed'),
      };
      const where = order.cancellation.fromPhone ? ' on WhatsApp' : '';
      order.history.push({ at, event: `cancellation asked by the ${by}${where} (${reason})` });
      return order;
    },

    'cancel-step-claimed': (order, { at, step: name }) => {
      const cancellation = order.cancellation;
      // A booking that settled after its order was cancelled (issue 47) is still cancelled then.
      if (!cancellation || (cancellation.doneAt && name !== 'booking')) return undefined;
      // The money waits for the booking: a parcel that has left is not refunded by a cancellation.
      if (name === 'refund' && !settled(cancellation.booking)) return undefined;
      const state = cancellation[name];
      const stale = state.status === 'working' && Date.parse(at) - Date.parse(state.claimedAt ?? '') >= STALE_CLAIM_MS;
      if (state.status !== 'pending' && state.status !== 'failed' && !stale) return undefined;
      cancellation[name] = { ...state, status: 'working', claimedAt: at, attempts: state.attempts + 1 };
      return order;
    },

    'cancel-step-settled': (order, { at, step: name, status, lastError, refund }) => {
      const cancellation = order.cancellation;
      if (cancellation?.[name].status !== 'working') return undefined;
      const { claimedAt: _claimed, ...rest } = cancellation[name];
      cancellation[name] = { ...rest, status, at, ...(lastError ? { lastError } : {}) };
      if (refund) mergeRefund(order, refund);
      order.history.push({ at, event: `cancellation ${name}: ${status}${lastError ? ` (${lastError})` : ''}` });
      // Delhivery has the parcel: the cancellation ends here and the order goes on.
      if (status === 'too-late') cancellation.refund = step('not-needed');
      return order;
    },

    'cancel-refund-requested': (order, { at, key, paymentId, capturedPaise }) => {
      if (order.issuedRefunds?.some((refund) => refund.key === key)) return undefined;
      const decided = cancelRefundDecision(order, { key, paymentId, capturedPaise });
      if ('reason' in decided) return undefined;
      // Written before Razorpay is asked: a crash now leaves a `requested` refund the reconciler resends.
      mergeRefund(order, {
        key,
        paymentId,
        amountPaise: decided.amountPaise,
        purpose: 'cancelled',
        status: 'requested',
        requestedAt: at,
      });
      return order;
    },

    'order-cancelled': (order, { at }) => {
      const cancellation = order.cancellation;
      if (!cancellation || cancellation.doneAt || order.status === 'cancelled') return undefined;
      if (!settled(cancellation.booking) || !settled(cancellation.refund)) return undefined;
      cancellation.doneAt = at;
      order.status = 'cancelled';
      order.history.push({ at, event: 'cancelled' });
      enqueueOrderNotice(order, 'cancelled', at);
      return order;
    },

    'refund-reported': (order, { at, refund }) => recordReport(order, refund, at),
  },
  // The Refunded and Refund IDs columns change even when the Status does not (a staff part refund).
  rewritesSheet: ['refund-reported'],
};

/**
 * A refund's state from Razorpay's word: it only moves forward (`mergeRefund`), so a replayed or
 * late report changes nothing, and the shopper hears of the money back once.
 */
function recordReport(order: StoredOrder, report: RefundReport, at: string): StoredOrder | undefined {
  const match = reportedRefund(order, report);
  if (!match || match.other) return undefined;
  const { known } = match;
  const before = JSON.stringify(known);
  mergeRefund(order, {
    key: known.key,
    refundId: report.id,
    status: report.status,
    ...(report.status !== 'pending' ? { settledAt: known.settledAt ?? at } : {}),
  });
  // `mergeRefund` kept the known refund in the order's refunds, moved forward or as it was.
  const after = (order.issuedRefunds as IssuedRefund[]).find((issued) => issued.key === known.key);
  if (JSON.stringify(after) === before) return undefined;
  order.history.push({ at, event: `refund ${known.key}: ${after?.status} (${report.id})` });
  if (after?.status === 'processed') enqueueOrderNotice(order, 'refunded', at, `refunded-${known.key}`);
  return order;
}
