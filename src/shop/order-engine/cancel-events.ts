/**
 * The order's events of cancellation and refunds: cancel asked, its steps (the booking cancelled,
 * the money back), every refund state Razorpay tells (transition.ts). A cancellation is asked once
 * and done in steps that each happen once (docs/shop-rules.md §10, "Cancel and refund"; decision
 * 023): each step is a task of the order (netlify/lib/tasks: `cancel-booking`, then the refund's
 * `refund`), claimed on its task row, never on the order; the order keeps what came of each step.
 */

import type { CancelStep, StoredOrder } from '../order/index.ts';
import { type IssuedRefund, mergeRefund, refundKey } from '../order/index.ts';
import type { CancelReason } from '../texts/cancel-reason.ts';
import { cancellable, cancelRefundDecision } from './cancel-rules.ts';
import type { Family } from './family.ts';
import { enqueueOrderNotice } from './notices.ts';
import { creditNoteOwed } from './order-flags.ts';

/** A cancellation's steps: Delhivery's booking cancelled, then the money back. */
export type CancelStepName = 'booking' | 'refund';

export type CancelEvent =
  /** The shopper (the order page, WhatsApp) or staff (the Sheet) asked for the order to be cancelled. */
  | { type: 'cancel-asked'; at: string; reason: CancelReason; by: 'shopper' | 'staff'; fromPhone?: boolean | undefined }
  /** What came of a step taken: Delhivery's answer, payments switched off, or the failure that stays for the reconciler. */
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
  | { type: 'order-cancelled'; at: string };

const step = (status: CancelStep['status']): CancelStep => ({ status, attempts: 0 });

const settled = (state: CancelStep) => state.status === 'done' || state.status === 'not-needed';

/**
 * A step still to do: not taken yet, or failed (a system was down) and left for the reconciler. Told
 * by what it is not, so a record written while the order held the step's claim (`working`, before
 * the claim moved to its task row) is still to do too.
 */
const FINAL: readonly string[] = ['done', 'not-needed', 'too-late'];
export const stepOpen = (state: CancelStep) => !FINAL.includes(state.status);

/**
 * What is left of a cancellation once Delhivery has answered for its booking, the `cancel-finish`
 * task's work (netlify/lib/orders/cancel-finish-kind.ts): the money asked back (written on the
 * order under its key, which earns its `refund` task), the order closed as cancelled once every
 * step is settled, then the credit note of an order invoiced before (docs/shop-rules.md §12).
 * Undefined: nothing to do now (the booking or the refund still with Delhivery or Razorpay, a
 * refund staff must look at, the cancellation done or ended by a parcel that left).
 */
export type CancelWork = 'request-refund' | 'close' | 'credit-note';

export function cancelWork(order: StoredOrder | undefined): CancelWork | undefined {
  const cancellation = order?.cancellation;
  if (!order || !cancellation) return undefined;
  if (creditNoteOwed(order)) return 'credit-note';
  if (cancellation.doneAt || order.status === 'cancelled' || !settled(cancellation.booking)) return undefined;
  if (settled(cancellation.refund)) return 'close';
  // Asked of Razorpay already: its own task has it, and its answer settles the step.
  const key = refundKey(order.orderId, 'cancelled', 1);
  return order.issuedRefunds?.some((refund) => refund.key === key) ? undefined : 'request-refund';
}

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

    'cancel-step-settled': (order, { at, step: name, status, lastError, refund }) => {
      const cancellation = order.cancellation;
      // A step settled already (a late or repeated settle) stays as it came out.
      if (!cancellation || !stepOpen(cancellation[name])) return undefined;
      const { attempts } = cancellation[name];
      cancellation[name] = { status, attempts: attempts + 1, at, ...(lastError ? { lastError } : {}) };
      if (refund) mergeRefund(order, refund);
      order.history.push({ at, event: `cancellation ${name}: ${status}${lastError ? ` (${lastError})` : ''}` });
      // Delhivery has the parcel: the cancellation ends here and the order goes on.
      if (status === 'too-late') cancellation.refund = step('not-needed');
      return order;
    },

    'cancel-refund-requested': (order, { at, key, paymentId, capturedPaise }) => {
      const cancellation = order.cancellation;
      // The money waits for the booking: a parcel that has left is not refunded by a cancellation.
      if (cancellation && (!settled(cancellation.booking) || !stepOpen(cancellation.refund))) return undefined;
      if (order.issuedRefunds?.some((refund) => refund.key === key)) return undefined;
      const decided = cancelRefundDecision(order, { key, paymentId, capturedPaise });
      if ('reason' in decided) {
        if (!cancellation) return undefined;
        // Nothing left (staff gave it all back a moment ago): the step is done; else it needs staff.
        const status = decided.reason === 'nothing-left' ? 'done' : 'failed';
        const { attempts } = cancellation.refund;
        cancellation.refund = { status, attempts: attempts + 1, at, lastError: decided.reason };
        order.history.push({ at, event: `cancellation refund: ${status} (${decided.reason})` });
        return order;
      }
      // Written before Razorpay is asked (its `refund` task asks, netlify/lib/tasks/refund-kind.ts):
      // a crash now leaves a `requested` refund the task, retried, asks for under the same key.
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
  },
};
