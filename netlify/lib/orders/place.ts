/**
 * Placing an order: lines, shipping and totals priced on the server (never taken from the
 * browser), the order recorded in the order log before any outside call, then forwarded.
 * docs/shop-rules.md §10.
 */
import { randomBytes } from 'node:crypto';
import { type CodState, codeFor, codSentence } from '#shop/cod/index.ts';
import { formatRupees } from '#shop/money/index.ts';
import type { PaymentMode } from '#shop/order/index.ts';
import {
  buildOrderRecord,
  type Customer,
  createOrderId,
  type OrderLine,
  type OrderTotals,
  orderFingerprint,
  type PricedCart,
  paysFirst,
  type StoredOrder,
} from '#shop/order/index.ts';
import { enqueueOrderNotice } from '#shop/order-engine/index.ts';
import { deliveryRefusal, type Serviceability } from '#shop/pincodes/index.ts';
import type { CodOptionsRequest, CodOptionsResponse, CodOrderRequest } from '#shop/schemas/index.ts';
import { text } from '#shop/texts/server.ts';
import { type WhatsAppLanguage, whatsappConsent } from '#shop/whatsapp.ts';
import { deliverNotices } from '../notify/notices.ts';
import { fail, type ServiceResult } from '../platform/http.ts';
import { priceAndShip } from '../shipping-quote.ts';
import { advanceCodState } from './advance.ts';
import { codNotAllowed, decideCodFor } from './cod-check.ts';
import { forwardOrder } from './forward.ts';
import { notePhoneOrder } from './phone-history.ts';
import type { OrderDeps, ShopSettingsForOrders } from './types.ts';

export interface Priced {
  cart: PricedCart;
  totals: OrderTotals;
  rules: ShopSettingsForOrders;
  /** The carrier's flags for the pincode; undefined when it could not be asked. */
  serviceability: Serviceability | undefined;
}

/**
 * Lines, shipping and totals from the catalogue and the carrier: never from the browser. A
 * pincode the carrier refuses for `mode` is refused here, unless `refuse` is false (the COD
 * rules' question, which answers with the carrier's flag as one of its reasons).
 */
export async function priceOrder(
  deps: OrderDeps,
  lines: OrderLine[],
  pincode: string,
  mode: PaymentMode,
  { refuse = true }: { refuse?: boolean } = {},
): Promise<ServiceResult<Priced>> {
  const [catalogue, rules, serviceability] = await Promise.all([
    deps.catalogue(),
    deps.settings(),
    deps.carrier.checkPincode(pincode),
  ]);
  // Nobody pays for, or is promised, a parcel the carrier will not take (docs/shop-rules.md §5).
  const refused = refuse ? deliveryRefusal(pincode, mode, serviceability) : undefined;
  if (refused) return fail(422, refused.code, refused.message);
  const priced = await priceAndShip(lines, pincode, mode, {
    catalogue,
    rules,
    originPin: rules.pickup.pincode,
    carrier: deps.carrier,
  });
  if (!priced.ok) return priced;
  return { ok: true, status: 200, body: { cart: priced.cart, totals: priced.totals, rules, serviceability } };
}

export function totalMismatch(serverTotal: number): ServiceResult<never> {
  return fail(409, 'TOTAL_MISMATCH', text('order.totalMismatch', { total: formatRupees(serverTotal) }));
}

export function newOrder(input: {
  orderId: string;
  mode: PaymentMode;
  customer: Customer;
  lines: OrderLine[];
  priced: Priced;
  now: Date;
  /** The shopper ticked the WhatsApp box: the consent, its words' version and time are kept. */
  whatsappUpdates?: boolean | undefined;
  /** The messages' language the shopper chose with it (absent: English). */
  whatsappLanguage?: WhatsAppLanguage | undefined;
  /** A COD order's rules' decision (cod-check.ts), and the confirmation it waits for (rule 17). */
  cod?: CodState | undefined;
  /** A COD order with its COD fee paid now: the fee, in rupees (advance.ts). */
  advance?: number | undefined;
}): StoredOrder {
  const { orderId, mode, customer, lines, priced, now } = input;
  const at = now.toISOString();
  const record = buildOrderRecord({
    orderId,
    timestamp: now,
    customer,
    cart: priced.cart,
    totals: priced.totals,
    mode,
  });
  // A prepaid order is 'Pending' until its payment is proven; COD stays 'Pending' (pay on delivery).
  record.paymentStatus = 'Pending';
  // The COD fee paid now (advance.ts) keeps the rules' decision beside the fee it asks for.
  const cod = input.advance
    ? { ...advanceCodState(input.advance, at), ...input.cod, advance: { amount: input.advance } }
    : input.cod;
  const order: StoredOrder = {
    orderId,
    key: randomBytes(16).toString('hex'),
    status: 'pending',
    mode,
    fingerprint: orderFingerprint(customer, lines, input.advance ? 'cod-advance' : mode),
    createdAt: at,
    updatedAt: at,
    customer,
    lines,
    cart: priced.cart,
    totals: priced.totals,
    record,
    forwards: {
      sheet: { status: 'pending', attempts: 0 },
      shipment: { status: 'pending', attempts: 0 },
      email: { status: 'pending', attempts: 0 },
      invoice: { status: 'pending', attempts: 0 },
    },
    ...(cod ? { cod } : {}),
    ...(input.whatsappUpdates ? { whatsapp: { consent: whatsappConsent(at, input.whatsappLanguage) } } : {}),
    history: [{ at, event: `created (${input.advance ? 'cod, COD fee paid now' : mode})` }],
  };
  // A COD order is placed as it is recorded: its WhatsApp "placed" is earned in the same write.
  // One with its fee paid now is placed once paid, as a prepaid order is (pay.ts).
  if (!paysFirst(order)) enqueueOrderNotice(order, 'placed', at);
  return order;
}

/**
 * Records an order under the shopper's order id. The same order sent again (a retry, a double
 * click) finds itself; a different order that happens to carry the same id gets the next free id.
 */
export async function recordOrder(
  deps: OrderDeps,
  order: StoredOrder,
): Promise<{ order: StoredOrder; duplicate: boolean }> {
  let candidate = order;
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const result = await deps.log.create(candidate);
    if (result.created) return { order: candidate, duplicate: false };
    if (result.existing.fingerprint === candidate.fingerprint) return { order: result.existing, duplicate: true };
    const orderId = createOrderId(deps.now().getTime(), candidate.orderId);
    candidate = { ...candidate, orderId, record: { ...candidate.record, orderId } };
  }
  throw new Error(`No free order id near ${order.orderId}`);
}

/**
 * A COD order: priced, judged by the COD rules (a retry of an order already recorded is never
 * refused by them), recorded, entered in its phone's history, forwarded.
 */
export async function placeCodOrder(deps: OrderDeps, request: CodOrderRequest) {
  const priced = await priceOrder(deps, request.lines, request.customer.pincode, 'cod');
  if (!priced.ok) return priced;
  if (request.clientTotal !== priced.body.totals.total) return totalMismatch(priced.body.totals.total);
  const now = deps.now();
  const decision = await decideCodFor(deps, {
    orderId: request.orderId,
    delivery: request.customer,
    priced: priced.body,
  });
  if (decision.outcome !== 'allow' && !(await recordedAlready(deps, request))) {
    return codNotAllowed(decision, request.customer.pincode);
  }
  const { order, duplicate } = await recordOrder(
    deps,
    newOrder({
      orderId: request.orderId,
      mode: 'cod',
      customer: request.customer,
      lines: request.lines,
      priced: priced.body,
      now,
      whatsappUpdates: request.whatsappUpdates,
      whatsappLanguage: request.whatsappLanguage,
      cod: {
        decision: { ...decision, at: now.toISOString() },
        // Asked wherever the shop hears WhatsApp (rule 17): it ships once its shopper says yes.
        ...(deps.hearsWhatsApp ? { confirmation: { state: 'awaiting' as const, code: codeFor(randomBytes(4)) } } : {}),
      },
    }),
  );
  // Every time, not only the first: a first try that died before this line is entered by its retry.
  await notePhoneOrder(deps, order);
  const forwarded = await forwardOrder(deps, order.orderId);
  await deliverNotices(deps, order.orderId);
  return {
    ok: true as const,
    status: duplicate ? 200 : 201,
    body: {
      success: true as const,
      orderId: order.orderId,
      total: order.totals.total,
      status: forwarded.status,
      ...(order.key ? { key: order.key } : {}),
    },
  };
}

/** Is this the same order as one already recorded under its id (a retry, which finds itself)? */
export async function recordedAlready(
  deps: OrderDeps,
  request: Pick<CodOrderRequest, 'orderId' | 'customer' | 'lines'>,
  kind: 'cod' | 'cod-advance' = 'cod',
): Promise<boolean> {
  const stored = await deps.log.get(request.orderId);
  return stored?.fingerprint === orderFingerprint(request.customer, request.lines, kind);
}

/**
 * The checkout's question before Place Order: the COD rules' outcome for the cart and delivery
 * typed so far, and its sentence — never the reasons, so a phone typed by a stranger tells nothing.
 */
export async function codOptions(
  deps: OrderDeps,
  request: CodOptionsRequest,
): Promise<ServiceResult<CodOptionsResponse>> {
  const priced = await priceOrder(deps, request.lines, request.delivery.pincode, 'cod', { refuse: false });
  if (!priced.ok) return priced;
  const decision = await decideCodFor(deps, { orderId: undefined, delivery: request.delivery, priced: priced.body });
  const message = codSentence(decision, request.delivery.pincode) ?? null;
  return { ok: true, status: 200, body: { outcome: decision.outcome, message } };
}
