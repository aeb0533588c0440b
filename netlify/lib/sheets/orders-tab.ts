/**
 * The Orders tab: one row per item of an order, with what later steps learn about it (payment,
 * waybill, status, label, refunds, WhatsApp messages, invoice) rewritten in place; the Action column is staff's.
 */
import type { OrderRecord } from '#shop/order/index.ts';
import type { SheetPaymentStatus } from '#shop/order-engine/index.ts';
import { type SheetTab, tabRows } from './tabs.ts';

/** An order as it reaches the sheet: the order record (docs/shop-rules.md §3) plus what later steps learn about it. */
export type SheetOrder = Omit<OrderRecord, 'paymentStatus'> & {
  /**
   * The record's Pending/Completed, a COD order's fee paid now (`Advance ₹150 paid; ₹784 on
   * delivery`), or what became of a COD parcel's cash (src/shop/order-engine/staff-status.ts).
   */
  paymentStatus: SheetPaymentStatus;
  /** Razorpay payment id, for prepaid orders. */
  paymentId?: string | undefined;
  /** Delhivery waybill, once the shipment is created. */
  waybill?: string | undefined;
  /** What staff see of the order's state: Placed, Paid, Booked, the parcel's state, Needs attention: …, Expired. */
  status?: string | undefined;
  /** The signed, expiring link to the parcel's label (netlify/lib/labels/link.ts), once booked. */
  labelUrl?: string | undefined;
  /** Rupees given back through Razorpay (processed refunds), and the refunds' ids (`rfnd_…`). */
  refunded?: string | undefined;
  refundIds?: string | undefined;
  /** The order's WhatsApp messages and what they cost (src/shop/order-engine/whatsapp-summary.ts). */
  whatsapp?: string | undefined;
  whatsappCost?: string | undefined;
  /**
   * The GST invoice's number, and its credit note's once cancelled (`OUO/26-27/000123; credit note
   * CN/26-27/000004`), and the link that opens the invoice (docs/shop-rules.md §12).
   */
  invoice?: string | undefined;
  invoiceUrl?: string | undefined;
  /** Parallel to `products` (the priced cart lines): supplies each item's HSN code when known. */
  lines?: readonly { hsnCode?: string | undefined }[] | undefined;
};

export const ORDER_HEADERS = [
  'Order ID',
  'Timestamp',
  'Name',
  'Email',
  'Phone',
  'Address',
  'Pincode',
  'City',
  'State',
  'Product',
  'Size',
  'Quantity',
  'Unit Price',
  'HSN Code',
  'Payment Mode',
  'Payment Status',
  'Subtotal',
  'Shipping',
  'COD Charge',
  'Total',
  'Payment ID',
  'Waybill',
  // Each added last, so a Sheet made before it existed only gains a column at its right edge
  // (after Action, in a Sheet that had Action: the writers find every column by its header).
  'Status',
  'Label',
  'Refunded',
  'Refund IDs',
  'WhatsApp',
  'WhatsApp Cost',
  'Invoice',
  'Invoice Link',
  // Staff's input, never the shop's: the Apps Script acts on it (docs/staff-guide.md), so it is
  // not updatable and a new row leaves it empty.
  'Action',
] as const;

/**
 * One row per item, each repeating the order's customer, payment and totals so that staff can
 * filter and sort the tab by any column without losing which order a row belongs to.
 */
export const ORDERS_TAB: SheetTab<SheetOrder> = {
  name: 'Orders',
  type: 'order',
  headers: ORDER_HEADERS,
  keyHeader: 'Order ID',
  keyField: 'orderId',
  // What later steps learn: the Email once the provider says it is undeliverable, the Payment
  // Status, and every column from Payment ID to staff's Action.
  updatable: [
    'Email',
    'Payment Status',
    ...ORDER_HEADERS.slice(ORDER_HEADERS.indexOf('Payment ID'), ORDER_HEADERS.indexOf('Action')),
  ],
  key: (order) => order.orderId,
  rows(order) {
    // An order without items still gets a row: staff must see every order id the shop took.
    const items = order.products.length > 0 ? order.products : [undefined];
    return items.map((item, index) => [
      order.orderId,
      order.timestamp,
      order.name,
      order.email,
      order.phone,
      order.address,
      order.pincode,
      order.city,
      order.state,
      item?.name,
      item?.size,
      item?.quantity,
      item?.price,
      order.lines?.[index]?.hsnCode,
      order.paymentMode,
      order.paymentStatus,
      order.subtotal,
      order.shippingCharge,
      order.codCharge,
      order.total,
      order.paymentId,
      order.waybill,
      order.status,
      order.labelUrl,
      order.refunded,
      order.refundIds,
      order.whatsapp,
      order.whatsappCost,
      order.invoice,
      order.invoiceUrl,
      '',
    ]);
  },
};

export function orderRows(order: SheetOrder): string[][] {
  return tabRows(ORDERS_TAB, order);
}
