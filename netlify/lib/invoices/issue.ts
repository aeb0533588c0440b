/**
 * Issuing an order's GST tax invoice when it is booked, and a credit note when an invoiced order
 * is cancelled (docs/shop-rules.md §12, decision 027). The number is taken from the financial
 * year's series (serial.ts) and the document frozen on the order by a conditional write, so a
 * retry, a second worker or a replayed booking never makes a second invoice.
 */
import { indiaToday } from '#shop/dates.ts';
import { type CreditNote, draftCreditNote, draftInvoice, type Invoice } from '#shop/invoice.ts';
import { financialYear, type Series, serialNumber } from '#shop/invoice-numbers.ts';
import { placeOfSupply } from '#shop/invoice-place.ts';
import type { InvoiceSettings } from '#shop/invoice-settings.ts';
import type { OrderLog } from '../orders/order-log.ts';
import type { StoredOrder } from '../orders/order-record.ts';
import type { ShopSettingsForOrders } from '../orders/types.ts';
import { type Numbered, type SerialSeries, takeNumber } from './serial.ts';

export interface InvoiceDeps {
  log: OrderLog;
  settings: () => Promise<Pick<ShopSettingsForOrders, 'gst'>>;
  now: () => Date;
  /** The local stand-in keeps a copy of each document under `.data/invoices/` (never throws). */
  keepInvoiceCopy?: (document: Invoice | CreditNote) => Promise<void>;
  /** Called inside the write that stores a document (the Sheet's rows are marked to show it). */
  onIssued?: (order: StoredOrder) => void;
}

/** What came of asking for a document: issued (now or before), or why it cannot be, in staff's words. */
export type IssueResult = { ok: true; number: string } | { ok: false; problem: string };

const NOT_SET_UP = 'GST invoice settings missing in the Studio';

/** The order's invoice: the one it has, or one issued now (the order is booked and not cancelled). */
export async function issueInvoice(deps: InvoiceDeps, order: StoredOrder): Promise<IssueResult> {
  if (order.invoice) return { ok: true, number: order.invoice.number };
  const { gst } = await deps.settings();
  if (!gst) return { ok: false, problem: NOT_SET_UP };
  const place = placeOfSupply(order.customer);
  if (!place) return { ok: false, problem: `no State for pincode ${order.customer.pincode}` };
  const now = deps.now();
  const date = indiaToday(now);
  const draft = draftInvoice(order, place, gst, now, date);
  if (!draft.ok) return { ok: false, problem: draft.problem };
  const number = await takeNumber(
    series(
      deps,
      'invoice',
      gst,
      date,
      (current) => current.invoice,
      (current, document) => {
        current.invoice = document;
      },
    ),
    order.orderId,
    (serial): Invoice => ({ ...draft.invoice, number: serial }),
  );
  return { ok: true, number };
}

/**
 * The credit note reversing an invoiced order that was cancelled (its parcel never left): the one
 * it has, or one issued now. An order without an invoice needs none (`undefined`).
 */
export async function issueCreditNote(deps: InvoiceDeps, order: StoredOrder): Promise<IssueResult | undefined> {
  const invoice = order.invoice;
  if (!invoice) return undefined;
  if (order.creditNote) return { ok: true, number: order.creditNote.number };
  const { gst } = await deps.settings();
  if (!gst) return { ok: false, problem: NOT_SET_UP };
  const now = deps.now();
  const date = indiaToday(now);
  const draft = draftCreditNote(invoice, now, date);
  const number = await takeNumber(
    series(
      deps,
      'credit-note',
      gst,
      date,
      (current) => current.creditNote,
      (current, document) => {
        current.creditNote = document;
      },
    ),
    order.orderId,
    (serial): CreditNote => ({ ...draft, number: serial }),
  );
  return { ok: true, number };
}

/** One series of one financial year, its documents kept on their orders. */
function series<T extends Numbered & (Invoice | CreditNote)>(
  deps: InvoiceDeps,
  kind: Series,
  gst: InvoiceSettings,
  date: string,
  held: (order: StoredOrder) => T | undefined,
  keep: (order: StoredOrder, document: T) => void,
): SerialSeries<T> {
  const year = financialYear(date);
  return {
    store: deps.log.serials,
    key: `${kind}-serial-${year.id}`,
    format: (n) => serialNumber(kind, gst.prefix, year, n),
    held: async (orderId) => {
      const order = await deps.log.get(orderId);
      return order && held(order)?.number;
    },
    async record(document) {
      const current = await deps.log.get(document.orderId);
      // An order that is not there cannot hold the number: the next taker reuses it (serial.ts).
      if (!current) return '';
      const { order, changed } = await deps.log.update(document.orderId, (stored) => {
        if (held(stored)) return undefined;
        const at = deps.now().toISOString();
        keep(stored, document);
        deps.onIssued?.(stored);
        stored.history.push({
          at,
          event: `${kind === 'invoice' ? 'invoice' : 'credit note'} ${document.number} issued`,
        });
        stored.updatedAt = at;
        return stored;
      });
      if (changed) await deps.keepInvoiceCopy?.(document);
      return held(order)?.number ?? '';
    },
  };
}
