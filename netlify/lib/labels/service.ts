/**
 * A parcel's label, opened from the Sheet's `Label` link (docs/shop-rules.md §7, §11): the link is
 * checked before anything is read, then Delhivery's own packing slip where Delhivery is configured,
 * else — or when Delhivery cannot give it — the label the shop draws, saying so on the label.
 */

import { cashOnDelivery } from '#shop/cod/index.ts';

import type { StoredOrder } from '#shop/order/index.ts';
import { text } from '#shop/texts/server.ts';
import { content } from '../../../src/content/content.server.ts';
import { createDelhivery, type Delhivery } from '../delhivery/client.ts';
import type { PackingSlip } from '../delhivery/packing-slip.ts';
import { createOrderLog, type OrderLog } from '../orders/order-log.ts';
import { database } from '../platform/database.ts';
import { readServerEnv, type ServerEnv } from '../platform/env.ts';
import { fail, type ServiceResult } from '../platform/http.ts';
import { type LabelParcel, type LabelSender, labelHtml } from './label-html.ts';
import { checkLabelLink, labelLinkSecret } from './link.ts';

export interface LabelDeps {
  log: Pick<OrderLog, 'get'>;
  /** Whom a parcel goes back to: the shop's name, address and phone (the shop settings). */
  sender: () => Promise<LabelSender>;
  carrier: Pick<Delhivery, 'packingSlip'>;
  /** The links' secret; undefined where labels are off (production without LABEL_LINK_SECRET). */
  secret: () => string | undefined;
  now: () => Date;
}

/** What the function answers: the shop's label page, or Delhivery's slip (a link to it, or the PDF). */
export type LabelAnswer = { kind: 'html'; html: string } | PackingSlip;

export interface LabelRequest {
  /** Already checked against the order id pattern: it becomes a storage key. */
  orderId: string;
  exp: string | null;
  sig: string | null;
}

export async function openLabel(deps: LabelDeps, request: LabelRequest): Promise<ServiceResult<LabelAnswer>> {
  const secret = deps.secret();
  if (!secret) return fail(503, 'NOT_CONFIGURED', text('label.notConfigured'));
  const link = checkLabelLink(request, secret, deps.now());
  if (!link.ok) {
    return link.reason === 'expired'
      ? fail(403, 'LABEL_LINK_EXPIRED', text('label.expiredLink'))
      : fail(403, 'LABEL_LINK_INVALID', text('label.invalidLink'));
  }
  const order = await deps.log.get(request.orderId);
  if (!order) return fail(404, 'NOT_FOUND', text('forms.orderNotFound'));
  const waybill = order.forwards.shipment.waybill;
  if (!waybill) return fail(404, 'NOT_FOUND', text('label.notBooked'));

  let note: string | undefined;
  if (deps.carrier.packingSlip) {
    const slip = await deps.carrier.packingSlip(waybill);
    if (slip.ok) return { ok: true, status: 200, body: slip.slip };
    console.warn(`label: Delhivery's packing slip for ${order.orderId} (${waybill}) not had: ${slip.message}`);
    note = text('label.slipUnavailable');
  }
  const html = labelHtml(parcelOf(order, waybill), await deps.sender(), note);
  return { ok: true, status: 200, body: { kind: 'html', html } };
}

function parcelOf(order: StoredOrder, waybill: string): LabelParcel {
  return {
    orderId: order.orderId,
    waybill,
    mode: order.mode,
    // What the courier collects: a COD fee paid now is not collected again (rule 17).
    total: cashOnDelivery(order.totals.total, order.cod),
    grams: order.cart.weight,
    bookedAt: order.forwards.shipment.at ?? order.createdAt,
    customer: order.customer,
  };
}

export function createLabelDeps(env: ServerEnv = readServerEnv()): LabelDeps {
  return {
    log: createOrderLog(database()),
    sender: async () => {
      const settings = await content().settings();
      return { name: settings.shopName, address: settings.address, phone: settings.contactPhone };
    },
    carrier: createDelhivery(env),
    secret: () => labelLinkSecret(env),
    now: () => new Date(),
  };
}
