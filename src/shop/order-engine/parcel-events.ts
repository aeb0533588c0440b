/** The order's events of the parcel and the order's tasks: the carrier's scans read, a task settled (the booking among them), the invoice and credit note issued (transition.ts). */
import type { CreditNote, Invoice } from '../invoice/index.ts';
import type { ForwardKind, ForwardState, NoticeState } from '../order/index.ts';
import { applyScans, type CarrierScan, newParcel, noticeFor } from '../parcel/index.ts';
import type { Family } from './family.ts';
import { enqueueNotice, shippedNoticed } from './notices.ts';
import { noticeTaskKey } from './task-keys.ts';
import { settleForward, settleNotice } from './task-settles.ts';

/**
 * The carrier's scans of the order's parcel, read by the sync or a shopper's page (netlify/lib/parcels/sync.ts):
 * all it answered, old and new; only the newer ones change anything (src/shop/parcel/parcel.ts `applyScans`).
 */
export interface ScansReadEvent {
  type: 'scans-read';
  at: string;
  scans: CarrierScan[];
  /** Made up by the local carrier stand-in (no Delhivery token): the parcel is shown as such. */
  simulated?: boolean;
}

/**
 * A task of the order settled by the runner (netlify/lib/tasks/runner.ts): its state as its row now
 * reads, a forward's or a notice's. `key` is the task's (`<orderId>/notice/email:shipped`).
 */
export type TaskSettledEvent = { type: 'task-settled'; at: string; key: string } & (
  | { kind: ForwardKind; state: ForwardState }
  | { kind: 'notice'; state: NoticeState }
);

/** The GST invoice numbered and frozen on the order, in one transaction with its series (netlify/lib/invoices). */
export interface InvoiceIssuedEvent {
  type: 'invoice-issued';
  at: string;
  invoice: Invoice;
}

/** The credit note reversing the order's invoice, numbered and frozen the same way. */
export interface CreditNoteIssuedEvent {
  type: 'credit-note-issued';
  at: string;
  creditNote: CreditNote;
}

export type ParcelEvent = ScansReadEvent | TaskSettledEvent | InvoiceIssuedEvent | CreditNoteIssuedEvent;

export const PARCEL_EVENTS: Family<ParcelEvent> = {
  handlers: {
    // Each change stored once with the scan that proved it, the notice it earns (docs/shop-rules.md
    // §4 "Parcel", §10): a scan seen twice, or two syncs at once, change nothing the second time.
    'scans-read': (order, { at, scans, simulated }) => {
      const applied = applyScans(order.parcel ?? newParcel(), scans, at);
      if (applied.changes.length === 0 && applied.unknown.length === 0) return undefined;
      order.parcel = { ...applied.parcel, ...(simulated ? { simulated: true } : {}) };
      for (const change of applied.changes)
        order.history.push({ at, event: `parcel: ${change.state} (scan of ${change.at})` });
      for (const scan of applied.unknown)
        order.history.push({ at, event: `parcel: unread scan "${scan.type ?? ''} ${scan.status}"` });
      enqueueNotice(order, noticeFor(applied.changes, order.parcel, shippedNoticed(order)), at);
      return order;
    },

    // A settle the order already shows (the same state written twice) changes nothing. A live settle
    // never meets one: the order shows its task running (`sending`) until it settles.
    'task-settled': (order, event) => {
      if (event.kind === 'notice') {
        const key = event.key.slice(noticeTaskKey(order.orderId, '').length);
        if (sameState(order.notices?.[key], event.state)) return undefined;
        return settleNotice(order, key, event.state, event.at);
      }
      if (sameState(order.forwards[event.kind], event.state)) return undefined;
      return settleForward(order, event.kind, event.state, event.at);
    },

    // One invoice per order (Rule 46 (b), docs/shop-rules.md §12): one already frozen stays as it is.
    'invoice-issued': (order, { at, invoice }) => {
      if (order.invoice) return undefined;
      order.invoice = invoice;
      order.history.push({ at, event: `invoice ${invoice.number} issued` });
      return order;
    },

    'credit-note-issued': (order, { at, creditNote }) => {
      if (order.creditNote) return undefined;
      order.creditNote = creditNote;
      order.history.push({ at, event: `credit note ${creditNote.number} issued` });
      return order;
    },
  },
};

const sameState = (stored: ForwardState | NoticeState | undefined, settled: ForwardState | NoticeState) =>
  stored !== undefined && JSON.stringify(stored) === JSON.stringify(settled);
