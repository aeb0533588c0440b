/**
 * An order's life as the shopper reads it (docs/shop-rules.md §10): the steps of its timeline, in
 * words a shopper understands, from the order log and the carrier's scans. Pure: the server builds
 * it for the order page and /track; the browser only shows it.
 */
import { formatRupees } from './money.ts';
import { indianMobile } from './phone.ts';
import type { PaymentMode } from './shipping.ts';

/** One scan by the carrier, as the shop shows it. */
export interface CarrierScan {
  /** ISO time of the scan. */
  at: string;
  /** The carrier's word for it ("Picked Up", "In Transit", "Delivered"). */
  status: string;
  location: string;
  /** The carrier's instructions or remark, when there is one. */
  note?: string | undefined;
}

/** What the carrier says about a shipment. */
export interface CarrierTracking {
  delivered: boolean;
  /** Oldest first. */
  scans: CarrierScan[];
  /** ISO date the carrier expects to deliver, when it says. */
  expectedDelivery?: string | undefined;
  /** Made up by the local carrier stand-in (no Delhivery token): shown as such. */
  simulated: boolean;
}

/** Where a shopper follows a Delhivery parcel (FACTS: Delhivery's public tracking page). */
export const delhiveryTrackingUrl = (waybill: string) =>
  `https://www.delhivery.com/track-v2/package/${encodeURIComponent(waybill)}`;

export type TimelineKind =
  | 'placed'
  | 'awaiting-payment'
  | 'confirming'
  | 'paid'
  | 'booked'
  | 'scan'
  | 'delivered'
  | 'attention'
  | 'expired';

export interface TimelineStep {
  kind: TimelineKind;
  title: string;
  /** ISO time it happened; absent for a step still to come. */
  at?: string | undefined;
  detail?: string | undefined;
  link?: { href: string; text: string } | undefined;
}

/** What the timeline is made from: the order log's facts, and the carrier's scans when booked. */
export interface OrderFacts {
  mode: PaymentMode;
  total: number;
  placedAt: string;
  /** pending, paid, forwarded or expired (the order log's status). */
  status: 'pending' | 'paid' | 'forwarded' | 'expired';
  /** Razorpay has a payment the shop is still confirming (prepaid, not yet captured). */
  confirming?: boolean | undefined;
  paidAt?: string | undefined;
  waybill?: string | undefined;
  bookedAt?: string | undefined;
  /** The shop stopped trying to book or record it: staff handle it by hand. */
  needsAttention?: boolean | undefined;
  tracking?: CarrierTracking | undefined;
}

export function orderTimeline(order: OrderFacts): TimelineStep[] {
  const steps: TimelineStep[] = [
    {
      kind: 'placed',
      title: 'Order placed',
      at: order.placedAt,
      detail: order.mode === 'cod' ? `Cash on delivery: pay ${formatRupees(order.total)} when it arrives.` : undefined,
    },
  ];
  if (order.status === 'expired') {
    steps.push({
      kind: 'expired',
      title: 'Not placed: no payment reached us',
      detail:
        'No payment for this order reached us within 15 minutes, so it was not sent. If money left your account, write to us with the order id.',
    });
    return steps;
  }
  if (order.mode === 'prepaid') {
    if (order.paidAt) {
      steps.push({ kind: 'paid', title: 'Payment received', at: order.paidAt });
    } else if (order.confirming) {
      steps.push({
        kind: 'confirming',
        title: 'Payment received, confirming',
        detail: 'Razorpay is still confirming your payment. Your order goes ahead as soon as it does.',
      });
      return steps;
    } else {
      steps.push({ kind: 'awaiting-payment', title: 'Waiting for your payment' });
      return steps;
    }
  }
  if (order.waybill) {
    steps.push({
      kind: 'booked',
      title: 'Handed to Delhivery',
      at: order.bookedAt,
      detail: `Waybill ${order.waybill}`,
      link: { href: delhiveryTrackingUrl(order.waybill), text: 'Track on Delhivery' },
    });
    const scans = order.tracking?.scans ?? [];
    const delivered = order.tracking?.delivered ? scans.at(-1) : undefined;
    for (const scan of delivered ? scans.slice(0, -1) : scans) {
      steps.push({ kind: 'scan', title: scan.status, at: scan.at, detail: scanDetail(scan) });
    }
    if (delivered)
      steps.push({ kind: 'delivered', title: 'Delivered', at: delivered.at, detail: scanDetail(delivered) });
  } else if (order.needsAttention) {
    steps.push({
      kind: 'attention',
      title: 'Being arranged by our team',
      detail: 'Booking the courier is taking longer than usual, so our team is arranging it by hand.',
    });
  } else {
    steps.push({ kind: 'booked', title: 'Being handed to Delhivery', detail: 'We are booking the courier.' });
  }
  return steps;
}

const scanDetail = (scan: CarrierScan) => [scan.location, scan.note].filter(Boolean).join(' · ') || undefined;

/**
 * A phone number as its 10 digits, by the one phone rule (`indianMobile`), so "+91 98765-43210",
 * "098765 43210" and "9876543210" are the same number. What is not a mobile number (an order
 * stored before the rule) is compared by its digits alone.
 */
export function phoneDigits(phone: string): string {
  return indianMobile(phone) ?? phone.replace(/\D/g, '');
}
