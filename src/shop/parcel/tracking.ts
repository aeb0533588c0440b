/**
 * An order's life as the shopper reads it (docs/shop-rules.md §10): the steps of its timeline, in
 * words a shopper understands, from the order log and the carrier's scans. Pure: the server builds
 * it for the order page and /track; the browser only shows it.
 */

import type { CodConfirmation } from '../cod/index.ts';
import { advanceSplit } from '../cod/index.ts';

import { formatRupees } from '../money/index.ts';
import type { IssuedRefund, PaymentMode } from '../order/index.ts';
import { indianMobile } from '../phone.ts';
import { cancel } from '../texts/cancel.ts';
import { codAdvance } from '../texts/cod-advance.ts';
import { codConfirm } from '../texts/cod-confirm.ts';
import { parcel } from '../texts/parcel.ts';
import { reader } from '../texts/read.ts';
import { type CarrierScan, PARCEL_STATES, type Parcel, type ParcelChange } from './parcel.ts';

/** The timeline's words: the domains it speaks, so a page that draws no timeline carries none. */
const text = /* @__PURE__ */ reader({ cancel, codAdvance, codConfirm, parcel });

export type { CarrierScan } from './parcel.ts';

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

/** The steps of an order's timeline: the order's own, then its parcel's states (parcel.ts), then its money. */
export const TIMELINE_KINDS = [
  'placed',
  'awaiting-payment',
  'confirming',
  'paid',
  'awaiting-confirmation',
  'confirmed',
  ...PARCEL_STATES,
  'refund',
  'attention',
  'expired',
] as const;
export type TimelineKind = (typeof TIMELINE_KINDS)[number];

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
  /** A COD order's fee paid now (rupees; rule 17): paid first as a prepaid order is, the rest in cash. */
  advance?: number | undefined;
  placedAt: string;
  /** pending, paid, forwarded or expired (the order log's status). */
  status: 'pending' | 'paid' | 'forwarded' | 'expired' | 'cancelled';
  /** Razorpay has a payment the shop is still confirming (prepaid, not yet captured). */
  confirming?: boolean | undefined;
  paidAt?: string | undefined;
  waybill?: string | undefined;
  bookedAt?: string | undefined;
  /** The shop stopped trying to book or record it: staff handle it by hand. */
  needsAttention?: boolean | undefined;
  /** The parcel's stored states (src/shop/parcel/parcel.ts); none yet right after booking. */
  parcel?: Pick<Parcel, 'changes'> | undefined;
  /** When the order was cancelled (docs/shop-rules.md §10, "Cancel and refund"). */
  cancelledAt?: string | undefined;
  /** Money given back, oldest first; `manual`: sent by staff by UPI or bank transfer (a COD order). */
  refunds?:
    | readonly Pick<IssuedRefund, 'amountPaise' | 'status' | 'requestedAt' | 'settledAt' | 'manual'>[]
    | undefined;
  /** Parcels sent before the current one (returned or lost, then booked again by staff), oldest first. */
  earlierParcels?: readonly EarlierParcel[] | undefined;
  /** A COD order's confirmation before it ships (src/shop/cod/cod.ts, rule 17); absent when none is asked. */
  confirmation?: Pick<CodConfirmation, 'state' | 'via' | 'at'> | undefined;
  /** The order page's "Confirm on WhatsApp" link (only the order's own page, opened with its key, has it). */
  confirmLink?: string | undefined;
}

export interface EarlierParcel {
  waybill: string;
  bookedAt: string;
  parcel?: Pick<Parcel, 'changes'> | undefined;
}

export function orderTimeline(order: OrderFacts): TimelineStep[] {
  const steps: TimelineStep[] = [
    {
      kind: 'placed',
      title: 'Order placed',
      at: order.placedAt,
      detail: placedDetail(order),
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
  if (order.mode === 'prepaid' || order.advance) {
    if (order.paidAt) {
      const title = order.advance
        ? text('codAdvance.received', { fee: formatRupees(order.advance) })
        : 'Payment received';
      steps.push({ kind: 'paid', title, at: order.paidAt });
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
  // The fee paid now is its own confirmation: the step above says it came.
  if (order.confirmation && order.confirmation.via !== 'advance') {
    const confirmed = confirmationStep(order.confirmation, order.confirmLink);
    steps.push(confirmed);
    // Nothing is booked before the shopper's yes: the timeline stops at the question (or the cancellation).
    if (confirmed.kind === 'awaiting-confirmation') {
      if (order.status === 'cancelled') steps.splice(-1, 1, cancelledStep(order));
      return steps;
    }
  }
  const earlier = order.earlierParcels ?? [];
  for (const sent of earlier) steps.push(...parcelSteps(sent, order, 'Handed to Delhivery'));
  const again = earlier.length > 0 ? 'Sent again with Delhivery' : 'Handed to Delhivery';
  if (order.waybill) {
    steps.push(
      ...parcelSteps({ waybill: order.waybill, bookedAt: order.bookedAt, parcel: order.parcel }, order, again),
    );
  } else if (order.needsAttention) {
    steps.push({
      kind: 'attention',
      title: 'Being arranged by our team',
      detail: 'Booking the courier is taking longer than usual, so our team is arranging it by hand.',
    });
  } else if (order.status !== 'cancelled') {
    steps.push({
      kind: 'booked',
      title: earlier.length > 0 ? 'Being sent again' : 'Being handed to Delhivery',
      detail: 'We are booking the courier.',
    });
  }
  if (order.status === 'cancelled') steps.push(cancelledStep(order));
  for (const refund of order.refunds ?? []) steps.push(refundStep(refund));
  return steps;
}

function cancelledStep(order: OrderFacts): TimelineStep {
  return {
    kind: 'cancelled',
    title: text('cancel.cancelledTitle'),
    at: order.cancelledAt,
    detail: order.mode === 'cod' && !order.advance ? text('cancel.cancelledCod') : undefined,
  };
}

/** A COD order's confirmation: the question (with the order page's link), or the answer. */
function confirmationStep(
  confirmation: NonNullable<OrderFacts['confirmation']>,
  link: string | undefined,
): TimelineStep {
  if (confirmation.state === 'confirmed')
    return {
      kind: 'confirmed',
      title: text('codConfirm.confirmedTitle'),
      at: confirmation.at,
      detail: confirmation.via ? text(`codConfirm.confirmedBy.${confirmation.via}`) : undefined,
    };
  return {
    kind: 'awaiting-confirmation',
    title: text('codConfirm.awaitingTitle'),
    detail: text('codConfirm.awaitingDetail'),
    link: link ? { href: link, text: text('codConfirm.confirmLink') } : undefined,
  };
}

/** What the courier collects from a COD order: the total, less the COD fee paid now. */
const cashToPay = (order: OrderFacts) => advanceSplit(order.total, order.advance ?? 0).onDelivery;

/** How a COD order is paid, under "Order placed". */
function placedDetail(order: OrderFacts): string | undefined {
  if (order.mode !== 'cod') return undefined;
  const cash = formatRupees(cashToPay(order));
  return order.advance ? text('codAdvance.placedDetail', { cash }) : `Cash on delivery: pay ${cash} when it arrives.`;
}

/** A booking and what its parcel went through. */
function parcelSteps(
  sent: { waybill: string; bookedAt?: string | undefined; parcel?: Pick<Parcel, 'changes'> | undefined },
  order: OrderFacts,
  title: string,
): TimelineStep[] {
  const steps: TimelineStep[] = [
    {
      kind: 'booked',
      title,
      at: sent.bookedAt,
      detail: `Waybill ${sent.waybill}`,
      link: { href: delhiveryTrackingUrl(sent.waybill), text: 'Track on Delhivery' },
    },
  ];
  for (const change of sent.parcel?.changes ?? []) {
    // The order's own "Order cancelled" step says it; the carrier's cancellation scan would repeat it.
    if (!(order.status === 'cancelled' && change.state === 'cancelled')) steps.push(parcelStep(change, order));
  }
  return steps;
}

function refundStep(refund: NonNullable<OrderFacts['refunds']>[number]): TimelineStep {
  const amount = formatRupees(refund.amountPaise / 100);
  if (refund.status === 'processed')
    return {
      kind: 'refund',
      title: text('cancel.refunded', { amount }),
      at: refund.settledAt ?? refund.requestedAt,
      detail: refund.manual ? text('cancel.refundedByHand') : text('cancel.refundArrives'),
    };
  if (refund.status === 'failed')
    return {
      kind: 'attention',
      title: text('cancel.refundFailed', { amount }),
      at: refund.settledAt ?? refund.requestedAt,
      detail: text('cancel.refundFailedDetail'),
    };
  return {
    kind: 'refund',
    title: text('cancel.refundPending', { amount }),
    at: refund.requestedAt,
    detail: text('cancel.refundArrives'),
  };
}

/** Where the scan was made, in the carrier's own words ("Dehradun_Hub (Uttarakhand)"). */
const place = (scan: CarrierScan) => scan.location.replace(/_/g, ' ').trim() || undefined;

/** One change of the parcel's state, in the shopper's words (docs/shop-rules.md §8, "Parcel"). */
function parcelStep(change: ParcelChange, order: OrderFacts): TimelineStep {
  const step = { kind: change.state, title: text(`parcel.title.${change.state}`), at: change.at };
  switch (change.state) {
    case 'out-for-delivery':
      return {
        ...step,
        detail:
          order.mode === 'cod'
            ? text('parcel.keepCashReady', { total: formatRupees(cashToPay(order)) })
            : place(change.scan),
      };
    case 'delivery-failed':
      return { ...step, detail: text('parcel.failedDetail', { reason: change.reason ?? change.scan.status }) };
    case 'returning':
    case 'returned':
    case 'lost':
    case 'cancelled':
      return { ...step, detail: text(`parcel.detail.${change.state}`) };
    default:
      return { ...step, detail: place(change.scan) };
  }
}

/**
 * A phone number as its 10 digits, by the one phone rule (`indianMobile`), so "+91 98765-43210",
 * "098765 43210" and "9876543210" are the same number. What is not a mobile number (an order
 * stored before the rule) is compared by its digits alone.
 */
export function phoneDigits(phone: string): string {
  return indianMobile(phone) ?? phone.replace(/\D/g, '');
}
