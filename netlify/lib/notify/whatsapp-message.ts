/**
 * The WhatsApp template and its parameters for one piece of an order's news (the templates'
 * words, in English and Hindi, are in whatsapp/templates.json; the parameters fill their {{n}}
 * in order). Utility templates only: what happened to this order, nothing else.
 */
import { formatRupees } from '#shop/money.ts';
import type { NoticeEvent } from '#shop/parcel.ts';
import { refundsSummary } from '#shop/refunds.ts';
import { phoneDigits } from '#shop/tracking.ts';
import type { OrderEvent, StoredOrder } from '../orders/order-record.ts';
import type { WhatsAppTemplateMessage } from '../whatsapp/sender.ts';

type Fill = Pick<WhatsAppTemplateMessage, 'template' | 'parameters' | 'urlParameter'>;

const firstName = (order: StoredOrder) => order.customer.name.trim().split(/\s+/)[0] ?? order.customer.name;

/** What the courier said at the last failed attempt, in its own words. */
function failedReason(order: StoredOrder): string {
  const failed = (order.parcel?.changes ?? []).filter((change) => change.state === 'delivery-failed').at(-1);
  return failed?.reason ?? failed?.scan.status ?? 'no reason given';
}

function fill(order: StoredOrder, event: NoticeEvent | OrderEvent): Fill | undefined {
  const id = order.orderId;
  switch (event) {
    case 'placed':
      return { template: 'order_placed', parameters: [firstName(order), id, formatRupees(order.totals.total)] };
    case 'shipped':
      return {
        template: 'order_shipped',
        parameters: [firstName(order), id, order.forwards.shipment.waybill ?? id],
        urlParameter: id,
      };
    case 'out-for-delivery':
      // COD: the cash to keep ready; prepaid: nothing to pay.
      return {
        template: 'out_for_delivery',
        parameters: [id, order.mode === 'cod' ? formatRupees(order.totals.total) : formatRupees(0)],
      };
    case 'delivery-failed':
      return { template: 'delivery_failed', parameters: [id, failedReason(order)] };
    case 'cancelled':
      return { template: 'order_cancelled', parameters: [id] };
    case 'refunded':
      return {
        template: 'refund_done',
        parameters: [formatRupees(refundsSummary(order.issuedRefunds ?? []).refundedPaise / 100), id],
      };
    case 'delivered':
      return undefined;
  }
}

/** The message for `event`, named `id` (`<orderId>-<notice>`), or undefined when WhatsApp has no template for it. */
export function whatsappMessage(
  order: StoredOrder,
  event: NoticeEvent | OrderEvent,
  id: string,
): WhatsAppTemplateMessage | undefined {
  const filled = fill(order, event);
  if (!filled) return undefined;
  return { id, orderId: order.orderId, to: phoneDigits(order.customer.phone), language: 'en', ...filled };
}
