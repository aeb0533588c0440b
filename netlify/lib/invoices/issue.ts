/**
 * Issuing an order's GST tax invoice when it is booked, and a credit note when an invoiced order
 * is cancelled (docs/shop-rules.md §12, decision 027). The number is taken from the financial
 * year's series (serial.ts) and the document frozen on the order in the same transaction by the
 * order's engine (`invoice-issued`, `credit-note-issued`), so a retry, a second worker or a replayed
 * booking never makes a second invoice.
 */
import { indiaToday } from '#shop/dates.ts';
import type { InvoiceSettings } from '#shop/invoice/index.ts';
import {
  type CreditNote,
  draftCreditNote,
  draftInvoice,
  financialYear,
  type Invoice,
  placeOfSupply,
  type Series,
  serialNumber,
} from '#shop/invoice/index.ts';
import type { StoredOrder } from '#shop/order/index.ts';
import { transition } from '#shop/order-engine/index.ts';
import type { OrderLog } from '../orders/order-log.ts';
import type { ShopSettingsForOrders } from '../orders/types.ts';
import { takeNumber } from './serial.ts';

export interface InvoiceDeps {
  log: OrderLog;
  settings: () => Promise<Pick<ShopSettingsForOrders, 'gst'>>;
  now: () => Date;
  /** The local stand-in keeps a copy of each document under `.data/invoices/` (never throws). */
  keepInvoiceCopy?: (document: Invoice | CreditNote) => Promise<void>;
}

/**
 * What came of asking for a document: issued (now or before), or why it cannot be, in staff's words.
 * `order`: the order as the document's transaction read or wrote it (absent when it held one already).
 */
export type IssueResult = { ok: true; number: string; order?: StoredOrder } | { ok: false; problem: string };

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
  const { number, order: issued } = await issue(
    deps,
    order.orderId,
    'invoice',
    gst,
    date,
    (serial): Invoice => ({
      ...draft.invoice,
      number: serial,
    }),
  );
  return { ok: true, number, order: issued };
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
  const { number } = await issue(
    deps,
    order.orderId,
    'credit-note',
    gst,
    date,
    (serial): CreditNote => ({
      ...draft,
      number: serial,
    }),
  );
  return { ok: true, number };
}

/**
 * The order's document of this series: the one it holds, or one numbered and frozen on it now, in
 * one transaction with its series' counter (serial.ts).
 */
async function issue(
  deps: InvoiceDeps,
  orderId: string,
  kind: Series,
  gst: InvoiceSettings,
  date: string,
  make: (number: string) => Invoice | CreditNote,
): Promise<{ number: string; order: StoredOrder }> {
  const year = financialYear(date);
  const held = (order: StoredOrder) => (kind === 'invoice' ? order.invoice : order.creditNote);
  const at = deps.now().toISOString();
  const { number, order, issued } = await takeNumber(
    deps.log,
    {
      key: `${kind}-serial-${year.id}`,
      format: (n) => serialNumber(kind, gst.prefix, year, n),
      held: (order) => held(order)?.number,
      // The number is taken first; the document is frozen on the order by the engine in the same
      // transaction (the Sheet's rows re-armed to show it), or the transaction is undone, number and all.
      keep(order, serial) {
        const document = make(serial);
        const next = transition(
          order,
          document.kind === 'invoice'
            ? { type: 'invoice-issued', at, invoice: document }
            : { type: 'credit-note-issued', at, creditNote: document },
        );
        if (!next.changed) throw new Error(`Order ${orderId} already holds its ${kind}: ${serial} is not kept.`);
        return next.order;
      },
    },
    orderId,
  );
  const document = held(order);
  if (issued && document) await deps.keepInvoiceCopy?.(document);
  return { number, order };
}
