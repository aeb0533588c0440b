/**
 * The return-to-origin report (docs/shop-rules.md §10, "The return-to-origin report"): of the
 * parcels booked in a period, how many were delivered and how many came back, by payment mode, by
 * the first three digits of the pincode and by the courier's stated reason; how many were delivered
 * at the first attempt; how long delivery took. Pure: `npm run report:returns` reads the order log
 * and prints what this computes.
 *
 * Definitions:
 * - An order counts in the period by its booking date, India's day of the booking (both ends of
 *   the period included). Orders never booked have no parcel and are not counted.
 * - Returned: the parcel reached `returning` or `returned` (RTO), whatever happened after.
 *   Delivered: it reached `delivered` and was never returned. Lost, cancelled and still on its way
 *   (an order with no parcel recorded yet counts as booked) are the rest.
 * - RTO rate = returned / (delivered + returned), per group: parcels still on their way, lost or
 *   cancelled are left out of it. No delivered or returned parcel in a group: no rate (null).
 * - The courier's stated reason: the reason of the last failed delivery attempt before the parcel
 *   was returned (or delivered), or "none given" when there was no failed attempt or no reason.
 * - First-attempt delivery rate = delivered with no failed attempt / delivered.
 * - Days to delivery: from the booking to the `delivered` change, in days (24 h); the median (the
 *   mean of the two middle values for an even count) and the 90th percentile (nearest rank: the
 *   value at rank ⌈0.9 × n⌉ of the ascending list), each to one decimal.
 * - By COD rule (issue 34 §4, rule 17): COD parcels by each reason the COD rules gave when the order
 *   was placed (a parcel with two reasons counts under both), `none` when they gave none; an order
 *   placed before the rules has no decision and is left out.
 * - Confirmed or not: COD parcels by how the order was confirmed before it shipped — `on WhatsApp`
 *   (the shopper's message or button), `by staff`, `by the fee paid now` — or `not asked` (the shop
 *   heard no WhatsApp, or the order came before confirmation).
 */
import type { CodReason, ConfirmationWay } from '../cod/index.ts';
import { indiaToday } from '../dates.ts';
import type { PaymentMode } from '../order/index.ts';
import type { Parcel } from '../parcel/index.ts';

export interface ReportOrder {
  orderId: string;
  mode: PaymentMode;
  pincode: string;
  /** When the shipment was booked (ISO). */
  bookedAt: string;
  /** Absent: no state recorded yet (booked). */
  parcel?: Parcel | undefined;
  /** A COD order's rules' reasons when it was placed (rule 17); absent before the rules. */
  codReasons?: readonly CodReason[] | undefined;
  /** How a COD order was confirmed before it shipped; absent when it was not asked. */
  confirmedVia?: ConfirmationWay | undefined;
}

/** India's days, YYYY-MM-DD, both included. */
export interface ReportPeriod {
  from: string;
  to: string;
}

export interface ReportGroup {
  key: string;
  orders: number;
  delivered: number;
  returned: number;
  /** returned / (delivered + returned), 0–1; null when neither happened yet. */
  rtoRate: number | null;
}

export interface ReturnsReport {
  period: ReportPeriod;
  orders: number;
  delivered: number;
  returned: number;
  lost: number;
  cancelled: number;
  /** Booked and not yet at an end: picked up, in transit, out for delivery, a failed attempt. */
  onTheWay: number;
  rtoRate: number | null;
  byMode: ReportGroup[];
  byPincode: ReportGroup[];
  byReason: ReportGroup[];
  /** COD parcels by the COD rules' reason keys (rule 17). */
  byCodReason: ReportGroup[];
  /** COD parcels by how they were confirmed, or `not asked`. */
  byConfirmation: ReportGroup[];
  /** Delivered at the first attempt / delivered; null when none was delivered. */
  firstAttemptDeliveryRate: number | null;
  daysToDelivery: { median: number | null; p90: number | null };
}

export const NO_REASON = 'none given';

/** How a COD order was confirmed, in the report's words (a message or a button: both the shopper's yes). */
const CONFIRMED_BY: Record<ConfirmationWay | 'not asked', string> = {
  'whatsapp-message': 'on WhatsApp',
  'whatsapp-button': 'on WhatsApp',
  staff: 'by staff',
  advance: 'by the fee paid now',
  'not asked': 'not asked',
};

type Outcome = 'delivered' | 'returned' | 'lost' | 'cancelled' | 'on-the-way';

const DAY_MS = 24 * 60 * 60 * 1000;

function outcomeOf(parcel: Parcel): Outcome {
  const reached = (state: Parcel['state']) => parcel.changes.some((change) => change.state === state);
  if (reached('returning') || reached('returned')) return 'returned';
  if (reached('delivered')) return 'delivered';
  if (parcel.state === 'lost' || parcel.state === 'cancelled') return parcel.state;
  return 'on-the-way';
}

/** The reason of the last failed attempt before the parcel's end, or "none given". */
function reasonOf(parcel: Parcel): string {
  const failed = parcel.changes.filter((change) => change.state === 'delivery-failed');
  return failed.at(-1)?.reason?.trim() || NO_REASON;
}

interface Judged {
  order: ReportOrder;
  outcome: Outcome;
  reason: string;
  failedAttempts: number;
  deliveredAt?: string | undefined;
}

function judge(order: ReportOrder): Judged {
  const parcel = order.parcel ?? { state: 'booked', changes: [] };
  return {
    order,
    outcome: outcomeOf(parcel),
    reason: reasonOf(parcel),
    failedAttempts: parcel.changes.filter((change) => change.state === 'delivery-failed').length,
    deliveredAt: parcel.changes.find((change) => change.state === 'delivered')?.at,
  };
}

const rate = (part: number, whole: number) => (whole > 0 ? part / whole : null);

/** Groups by one key per parcel, or several (a parcel in each group its keys name). */
function group(judged: readonly Judged[], keyOf: (one: Judged) => string | readonly string[]): ReportGroup[] {
  const keysOf = (one: Judged) => [keyOf(one)].flat();
  const keys = [...new Set(judged.flatMap(keysOf))].sort();
  return keys.map((key) => {
    const members = judged.filter((one) => keysOf(one).includes(key));
    const delivered = members.filter((one) => one.outcome === 'delivered').length;
    const returned = members.filter((one) => one.outcome === 'returned').length;
    return { key, orders: members.length, delivered, returned, rtoRate: rate(returned, delivered + returned) };
  });
}

const tenths = (value: number) => Math.round(value * 10) / 10;

function median(sorted: readonly number[]): number | null {
  if (sorted.length === 0) return null;
  const middle = Math.floor(sorted.length / 2);
  const value =
    sorted.length % 2 === 1
      ? (sorted[middle] as number)
      : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
  return tenths(value);
}

function percentile(sorted: readonly number[], p: number): number | null {
  if (sorted.length === 0) return null;
  return tenths(sorted[Math.ceil((p / 100) * sorted.length) - 1] as number);
}

export function returnsReport(orders: readonly ReportOrder[], period: ReportPeriod): ReturnsReport {
  const judged = orders
    .filter((order) => {
      const day = indiaToday(new Date(order.bookedAt));
      return day >= period.from && day <= period.to;
    })
    .map(judge);
  const count = (outcome: Outcome) => judged.filter((one) => one.outcome === outcome).length;
  const delivered = judged.filter((one) => one.outcome === 'delivered');
  const returned = count('returned');
  const days = delivered
    .map((one) => (Date.parse(one.deliveredAt as string) - Date.parse(one.order.bookedAt)) / DAY_MS)
    .sort((a, b) => a - b);
  return {
    period,
    orders: judged.length,
    delivered: delivered.length,
    returned,
    lost: count('lost'),
    cancelled: count('cancelled'),
    onTheWay: count('on-the-way'),
    rtoRate: rate(returned, delivered.length + returned),
    byMode: group(judged, (one) => one.order.mode),
    byPincode: group(judged, (one) => one.order.pincode.slice(0, 3)),
    byReason: group(
      judged.filter((one) => one.outcome === 'delivered' || one.outcome === 'returned'),
      (one) => one.reason,
    ),
    byCodReason: group(
      judged.filter((one) => one.order.mode === 'cod' && one.order.codReasons !== undefined),
      (one) => (one.order.codReasons?.length ? (one.order.codReasons as readonly string[]) : 'none'),
    ),
    byConfirmation: group(
      judged.filter((one) => one.order.mode === 'cod'),
      (one) => CONFIRMED_BY[one.order.confirmedVia ?? 'not asked'],
    ),
    firstAttemptDeliveryRate: rate(delivered.filter((one) => one.failedAttempts === 0).length, delivered.length),
    daysToDelivery: { median: median(days), p90: percentile(days, 90) },
  };
}
