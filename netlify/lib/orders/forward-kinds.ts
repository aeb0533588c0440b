/**
 * The order's four forwards as tasks (netlify/lib/tasks/runner.ts): booking its Delhivery shipment,
 * issuing its GST invoice once booked, sending the shopper's confirmation email, and writing its
 * rows to the staff's Sheet (docs/shop-rules.md §10). Each is performed by its task once, whoever
 * asks first (browser, webhook, reconciler); its outcome is written on the order with its history
 * by the engine's `task-settled`, and an order whose Sheet rows and booking are done is `forwarded`.
 */

import type { StoredOrder } from '#shop/order/index.ts';
import { shipmentReference } from '#shop/order/index.ts';
import { buildShipment } from '#shop/parcel/index.ts';
import type { ShipmentResult } from '../delhivery/client.ts';
import { issueInvoice } from '../invoices/issue.ts';
import { forwardReady } from '../tasks/order-tasks.ts';
import type { TaskKind, TaskOutcome } from '../tasks/runner.ts';
import { settledForward } from '../tasks/task-view.ts';
import { orderEmail } from './email.ts';
import { SHEET_TASK } from './sheet-kind.ts';
import type { OrderDeps } from './types.ts';

/** What a booking attempt means for the order, decided on the outcome's code, never its words. */
function shipmentOutcome(result: ShipmentResult): TaskOutcome {
  if (result.ok) return { status: 'done', result: { waybill: result.waybill } };
  if (result.code === 'DUPLICATE') {
    // An earlier attempt was booked but its answer was lost: booking it again would double it.
    return { status: 'done', note: `Delhivery already has this order (${result.message})` };
  }
  // NOT_CONFIGURED only happens in production without a token: kept and retried until it is set.
  return { status: 'failed', error: result.message };
}

const shipment: TaskKind = {
  ready: (order) => forwardReady(order, 'shipment'),
  windowFrom: 'first-attempt',
  // Delhivery's order reference is the task's own (`shipmentReference`): a repeat is refused there.
  async perform(deps: OrderDeps, order: StoredOrder) {
    const settings = await deps.settings();
    const request = { ...buildShipment(order.record, order.cart.weight, order.cod), order: shipmentReference(order) };
    return shipmentOutcome(await deps.carrier.createShipment({ shipment: request, pickupName: settings.pickup.name }));
  },
  settledEvent: settledForward('shipment'),
};

const invoice: TaskKind = {
  ready: (order) => forwardReady(order, 'invoice'),
  windowFrom: 'first-attempt',
  // The goods have left: never given up. It waits, most often for a rate in the Studio, and staff
  // see why (status.ts).
  neverGivesUp: true,
  async perform(deps, order) {
    const result = await issueInvoice(deps, order);
    if (!result.ok) return { status: 'failed', error: result.problem };
    // Its settle writes over the order as the invoice's transaction left it, not as it was claimed.
    return { status: 'done', ...(result.order ? { order: result.order } : {}) };
  },
  settledEvent: settledForward('invoice'),
};

const email: TaskKind = {
  ready: (order) => forwardReady(order, 'email'),
  windowFrom: 'first-attempt',
  // Named by the order id (`emailId`): the sender refuses a second copy of an email it sent.
  async perform(deps, order) {
    const { shop, whatHappensNext } = await deps.settings();
    const { subject, html } = orderEmail(order, shop, deps.siteUrl, whatHappensNext);
    const result = await deps.mail.sendOrderEmail({
      orderId: order.orderId,
      to: order.customer.email,
      subject,
      html,
      name: shop.name,
      replyTo: shop.email,
    });
    // DUPLICATE: an earlier attempt was sent but its answer was lost; sending again would be a second email.
    if (result.ok || result.code === 'DUPLICATE') return { status: 'done' };
    // Refused for good (an address the provider will not take): given up now, staff write instead.
    return { status: 'failed', error: result.message, ...('permanent' in result ? { permanent: true } : {}) };
  },
  settledEvent: settledForward('email'),
};

export const FORWARD_TASKS = { shipment, invoice, sheet: SHEET_TASK, email } as const;
