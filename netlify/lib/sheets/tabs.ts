/**
 * The row layout of the staff's Sheet: each tab (Orders, Reviews, Contact Submissions, Pickups) is a
 * definition of its headers, its idempotency key and the rows one record becomes. Both writers —
 * the Apps Script web app (`apps-script.ts`) and the local CSV stand-in (`local-csv.ts`) — take any
 * tab, and every cell goes through `neutraliseCell` on the way, so no definition can forget to.
 */
import type { OrderRecord } from '#shop/order.ts';
import type { CodMoney } from '#shop/parcel.ts';
import type { ReportGroup, ReturnsReport } from '#shop/returns-report.ts';

export type CellValue = string | number | undefined;

export interface SheetTab<T> {
  /** The tab's name in the Sheet, and the CSV file's name (`<name>.csv`) locally. */
  name: string;
  /** The `type` the Apps Script dispatches on. */
  type: string;
  headers: readonly string[];
  /** The header of the column that holds the idempotency key. */
  keyHeader: string;
  /** The field that carries the key in the Apps Script body (`orderId` for orders). */
  keyField: string;
  key(record: T): string;
  /**
   * Each row carries its own key in the key column (RTO: one row per figure group), and the
   * writers match row by row; `key(record)` then only names the batch (in logs, in the body).
   */
  keyPerRow?: boolean;
  /**
   * Columns an upsert rewrites on rows already in the tab (the order's status, waybill, payment):
   * everything else in a row is written once and left to staff.
   */
  updatable?: readonly string[];
  /** Raw rows in header order; `tabRows` neutralises them, so no definition can forget to. */
  rows(record: T): CellValue[][];
}

/** An order as it reaches the sheet: the order record (docs/shop-rules.md §3) plus what later steps learn about it. */
export type SheetOrder = Omit<OrderRecord, 'paymentStatus'> & {
  /** The record's Pending/Completed, or what became of a COD parcel's cash (netlify/lib/orders/status.ts). */
  paymentStatus: OrderRecord['paymentStatus'] | CodMoney | 'COD received';
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
  // Each added last, so a Sheet made before it existed only gains a column at its right edge.
  'Status',
  'Label',
  'Refunded',
  'Refund IDs',
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
  updatable: ['Payment Status', 'Payment ID', 'Waybill', 'Status', 'Label', 'Refunded', 'Refund IDs'],
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
      '',
    ]);
  },
};

/** The Reviews tab's column of the product's catalogue id, which the public feed matches by. */
export const REVIEW_PRODUCT_ID_HEADER = 'Product ID';

/**
 * The Reviews tab: the columns the public review feed reads (docs/shop-rules.md §11) plus the
 * email, which only staff see, and the row's type. Staff publish a review by setting `display` to
 * Yes. `Product ID` came later, so it is last: a tab made before it only gains a column at its
 * right edge, and its older rows (without an id) are matched by their product name.
 */
export const REVIEW_HEADERS = [
  'id',
  'product',
  'name',
  'email',
  'location',
  'rating',
  'source',
  'date',
  'review',
  'display',
  'type',
  REVIEW_PRODUCT_ID_HEADER,
] as const;

/** A review submission as it reaches the sheet (docs/shop-rules.md §3): unpublished until staff say otherwise. */
export interface SheetReview {
  id: string;
  /** The product's name from the catalogue: what staff read. */
  product: string;
  /** The product's catalogue id: what the public feed matches by. */
  productId: number;
  name: string;
  email: string;
  location?: string | undefined;
  rating: number;
  source: string;
  date: string;
  review: string;
  display: string;
  type: 'review';
}

export const REVIEWS_TAB: SheetTab<SheetReview> = {
  name: 'Reviews',
  type: 'review',
  headers: REVIEW_HEADERS,
  keyHeader: 'id',
  keyField: 'id',
  key: (review) => review.id,
  // Each column is the field of the same name; Product ID is `productId`.
  rows: (review) => [
    REVIEW_HEADERS.map((header) => (header === REVIEW_PRODUCT_ID_HEADER ? review.productId : review[header])),
  ],
};

/** A contact message (docs/shop-rules.md §3), with a generated id first so a retried write adds no second row. */
export const CONTACT_HEADERS = ['id', 'name', 'email', 'phone', 'subject', 'message', 'timestamp', 'type'] as const;

export interface SheetContact {
  id: string;
  name: string;
  email: string;
  phone?: string | undefined;
  subject: string;
  message: string;
  /** ISO 8601, UTC. */
  timestamp: string;
  type: 'contact';
}

export const CONTACT_TAB: SheetTab<SheetContact> = {
  name: 'Contact Submissions',
  type: 'contact',
  headers: CONTACT_HEADERS,
  keyHeader: 'id',
  keyField: 'id',
  key: (contact) => contact.id,
  rows: (contact) => [CONTACT_HEADERS.map((header) => contact[header])],
};

/** The day's pickup request to Delhivery (docs/shop-rules.md §10): one row per day, kept up to date. */
export const PICKUP_HEADERS = ['Date', 'Time', 'Location', 'Parcels', 'Pickup ID', 'Status', 'Requested At'] as const;

export interface SheetPickup {
  /** India's day, YYYY-MM-DD: the row's key. */
  date: string;
  /** The pickup time asked of Delhivery, HH:MM:SS India time. */
  time: string;
  location: string;
  /** The parcels waiting when the request was (last) made. */
  parcels: number;
  pickupId?: string | undefined;
  /** Requested, Failed, retrying: …, Not requested: … (`pickupStatusLabel`). */
  status: string;
  /** When Delhivery took the request (ISO, UTC). */
  requestedAt?: string | undefined;
}

export const PICKUPS_TAB: SheetTab<SheetPickup> = {
  name: 'Pickups',
  type: 'pickup',
  headers: PICKUP_HEADERS,
  keyHeader: 'Date',
  keyField: 'date',
  // A retry may change the count and the outcome; the day stays.
  updatable: ['Time', 'Location', 'Parcels', 'Pickup ID', 'Status', 'Requested At'],
  key: (pickup) => pickup.date,
  rows: (pickup) => [
    [pickup.date, pickup.time, pickup.location, pickup.parcels, pickup.pickupId, pickup.status, pickup.requestedAt],
  ],
};

/**
 * The return-to-origin report in the Sheet (docs/shop-rules.md §10): one row per figure group of a
 * period, keyed `<from>..<to>|<group>|<value>`, so running the report again for the period rewrites
 * its rows. The report's own figures, first-attempt delivery and days to delivery are on the `All`
 * row only; `Written at` on every row, so a row the last run did not write shows its age.
 */
export const RTO_HEADERS = [
  'Key',
  'Period',
  'Group',
  'Value',
  'Orders',
  'Delivered',
  'Returned',
  'RTO rate',
  'Lost',
  'Cancelled',
  'Still on the way',
  'First-attempt delivery rate',
  'Days to delivery (median)',
  'Days to delivery (p90)',
  'Written at',
] as const;

/** A run of the report as the Sheet gets it: the figures and when they were written (ISO, UTC). */
export interface SheetRto {
  report: ReturnsReport;
  writtenAt: string;
}

const RTO_GROUPS = {
  all: 'All',
  mode: 'Payment mode',
  pincode: 'Pincode prefix',
  reason: "Courier's reason",
} as const;

/** A 0–1 rate as a percentage with one decimal (`26.5%`); empty when there is none. */
const percentCell = (rate: number | null) => (rate === null ? undefined : `${(rate * 100).toFixed(1)}%`);
const daysCell = (days: number | null) => (days === null ? undefined : days.toFixed(1));

type RtoCells = Partial<Record<(typeof RTO_HEADERS)[number], CellValue>>;

/** The rows of one run, `All` first, then each group in the report's order; raw cells in header order. */
export function rtoRows({ report, writtenAt }: SheetRto): CellValue[][] {
  const { from, to } = report.period;
  const row = (group: string, value: string, figures: Omit<ReportGroup, 'key'>, more: RtoCells = {}) => {
    const cells: RtoCells = {
      Key: `${from}..${to}|${group}|${value}`,
      Period: `${from} to ${to}`,
      Group: group,
      Value: value,
      Orders: figures.orders,
      Delivered: figures.delivered,
      Returned: figures.returned,
      'RTO rate': percentCell(figures.rtoRate),
      ...more,
      'Written at': writtenAt,
    };
    return RTO_HEADERS.map((header) => cells[header]);
  };
  const groups = (group: string, list: readonly ReportGroup[]) =>
    list.map(({ key, ...figures }) => row(group, key, figures));
  return [
    row(RTO_GROUPS.all, '', report, {
      Lost: report.lost,
      Cancelled: report.cancelled,
      'Still on the way': report.onTheWay,
      'First-attempt delivery rate': percentCell(report.firstAttemptDeliveryRate),
      'Days to delivery (median)': daysCell(report.daysToDelivery.median),
      'Days to delivery (p90)': daysCell(report.daysToDelivery.p90),
    }),
    ...groups(RTO_GROUPS.mode, report.byMode),
    ...groups(RTO_GROUPS.pincode, report.byPincode),
    ...groups(RTO_GROUPS.reason, report.byReason),
  ];
}

export const RTO_TAB: SheetTab<SheetRto> = {
  name: 'RTO',
  type: 'rto',
  headers: RTO_HEADERS,
  keyHeader: 'Key',
  keyField: 'period',
  keyPerRow: true,
  // A later run for the period rewrites every figure; the key stays.
  updatable: RTO_HEADERS.filter((header) => header !== 'Key'),
  key: ({ report }) => `${report.period.from}..${report.period.to}`,
  rows: rtoRows,
};

/**
 * A cell the sheet would read as a formula: `= + - @` first (after any spaces), their full-width
 * forms (`＝１+１`, issue 37 §7), or a tab or CR. What the shopper typed reaches here cleaned
 * (`cleanText`: no invisible character can stand before the `=`).
 */
const FORMULA_START = /^(?:[\t\r]|\s*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20])/;

/**
 * Stores a value as text. A leading `'` is the spreadsheet's own "this is text" mark, so a name
 * like `=HYPERLINK(…)` is shown, never evaluated. Phone numbers such as `+91 …` are marked too.
 */
export function neutraliseCell(value: CellValue): string {
  const text = value === undefined ? '' : String(value);
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** The rows a tab writes for a record: strings in header order, every cell neutralised. */
export function tabRows<T>(tab: SheetTab<T>, record: T): string[][] {
  return tab.rows(record).map((row) => row.map(neutraliseCell));
}

export function orderRows(order: SheetOrder): string[][] {
  return tabRows(ORDERS_TAB, order);
}
