/**
 * The WhatsApp template and its parameters for one piece of an order's news. The templates' words,
 * in English and Hindi, and what each `{{n}}` is, are in netlify/lib/whatsapp/templates.ts
 * (`TEMPLATE_PARAMETERS`); this fills them in order, in the language the shopper chose at checkout
 * (docs/shop-rules.md §10 rule 16): the words the shop writes into a parameter come from
 * `whatsappFilled` texts in that language too (LANGUAGES, src/shop/texts), so a Hindi message carries no English phrase.
 * Utility templates only: what happened to this order, nothing else.
 */

import { cashOnDelivery } from '#shop/cod/index.ts';
import { formatRupees } from '#shop/money/index.ts';
import type { OrderEvent, StoredOrder } from '#shop/order/index.ts';
import type { NoticeEvent } from '#shop/parcel/index.ts';
import { phoneDigits } from '#shop/parcel/index.ts';
import { LANGUAGES } from '#shop/texts/server.ts';
import { consentLanguage, type WhatsAppLanguage } from '#shop/whatsapp.ts';
import { estimateDeliveryDays } from '../delhivery/delivery-days.ts';
import { codConfirmPayloads } from '../whatsapp/cod-payloads.ts';
import type { WhatsAppTemplateMessage } from '../whatsapp/sender.ts';
import { DELIVERY_FAILED_CHOICES } from '../whatsapp/templates.ts';

type Fill = Pick<WhatsAppTemplateMessage, 'template' | 'parameters' | 'buttons'>;

/** The order's language's reader (src/shop/texts/server.ts `LANGUAGES`). */
type Words = (typeof LANGUAGES)[WhatsAppLanguage];

const DAY_MS = 24 * 60 * 60 * 1000;
/** "28 Nov", "28 नवंबर": India's calendar; Hindi's month in full, its short forms end in "॰". */
const DAY_MONTH: Record<WhatsAppLanguage, Intl.DateTimeFormat> = {
  en: new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', timeZone: 'Asia/Kolkata' }),
  hi: new Intl.DateTimeFormat('hi-IN', { day: 'numeric', month: 'long', timeZone: 'Asia/Kolkata' }),
};

const firstName = (order: StoredOrder) => order.customer.name.trim().split(/\s+/)[0] || order.customer.name;

/** "by 28 Nov": the booking's day plus the longest the estimate allows from the pickup to this pincode. */
function expectedBy(order: StoredOrder, pickupPin: string, language: WhatsAppLanguage): string {
  const bookedAt = Date.parse(order.forwards.shipment.at ?? order.createdAt);
  const { max } = estimateDeliveryDays(pickupPin, order.customer.pincode);
  return LANGUAGES[language]('whatsappFilled.expectedBy', {
    date: DAY_MONTH[language].format(new Date(bookedAt + max * DAY_MS)),
  });
}

/** What the courier said at the last failed attempt, in its own words. */
function failedReason(order: StoredOrder, words: Words): string {
  const failed = (order.parcel?.changes ?? []).filter((change) => change.state === 'delivery-failed').at(-1);
  return failed?.reason ?? failed?.scan.status ?? words('whatsappFilled.noReason');
}

/** The refund a `refunded-<key>` notice is about: its amount and Razorpay's reference. */
function refundOf(order: StoredOrder, noticeName: string, words: Words) {
  const key = noticeName.replace(/^refunded-/, '');
  const refund = (order.issuedRefunds ?? []).find((issued) => issued.key === key);
  return {
    amount: formatRupees((refund?.amountPaise ?? 0) / 100),
    reference: refund?.refundId ?? (refund?.manual ? words('whatsappFilled.refundByHand') : key),
  };
}

function fill(
  order: StoredOrder,
  event: NoticeEvent | OrderEvent,
  noticeName: string,
  pickupPin: string,
  language: WhatsAppLanguage,
): Fill {
  const [name, id, words] = [firstName(order), order.orderId, LANGUAGES[language]];
  switch (event) {
    case 'placed':
      return { template: 'order_placed', parameters: [name, id, formatRupees(order.totals.total)] };
    case 'shipped':
      return {
        template: 'order_shipped',
        parameters: [name, id, order.forwards.shipment.waybill ?? id, expectedBy(order, pickupPin, language)],
      };
    case 'out-for-delivery':
      return {
        template: 'out_for_delivery',
        parameters: [
          name,
          id,
          order.mode === 'cod'
            ? words('whatsappFilled.payInCash', { amount: formatRupees(cashOnDelivery(order.totals.total, order.cod)) })
            : words('whatsappFilled.paidOnline'),
        ],
      };
    case 'delivery-failed':
      return {
        template: 'delivery_failed',
        parameters: [name, id, failedReason(order, words)],
        // A tap comes back with its payload: which choice, for which order (the webhook reads it).
        buttons: DELIVERY_FAILED_CHOICES.map((choice, index) => ({
          type: 'quick_reply' as const,
          index,
          payload: `NDR_${choice.toUpperCase()}:${id}`,
        })),
      };
    case 'cancelled':
      return { template: 'order_cancelled', parameters: [name, id] };
    case 'refunded': {
      const refund = refundOf(order, noticeName, words);
      return { template: 'refund_done', parameters: [name, refund.amount, id, refund.reference] };
    }
    case 'delivered':
      return { template: 'order_delivered', parameters: [name, id] };
    case 'cod-confirm':
      return {
        template: 'cod_confirm',
        parameters: [name, id, formatRupees(cashOnDelivery(order.totals.total, order.cod))],
        buttons: codConfirmPayloads(id).map((payload, index) => ({ type: 'quick_reply' as const, index, payload })),
      };
  }
}

/**
 * The message for `event`, named `<orderId>-<notice>` (the notice's key without its channel). Every
 * event the notifier knows has its template (templates.ts): the switch above names each one.
 */
export function whatsappMessage(
  order: StoredOrder,
  event: NoticeEvent | OrderEvent,
  noticeName: string,
  /** The shop settings' pickup pincode, where the delivery estimate starts. */
  pickupPin: string,
): WhatsAppTemplateMessage {
  const language = consentLanguage(order.whatsapp?.consent);
  return {
    id: `${order.orderId}-${noticeName}`,
    orderId: order.orderId,
    to: phoneDigits(order.customer.phone),
    language,
    ...fill(order, event, noticeName, pickupPin, language),
  };
}
