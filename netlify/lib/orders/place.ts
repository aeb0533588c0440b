/**
 * The order service: prices every order on the server, records it in the order log before any
 * outside call, and forwards it (Sheet row, Delhivery shipment) exactly once, whoever asks first:
 * the browser, Razorpay's webhook or the reconciler.
 */
import type { Product } from '../../src/shop/catalogue.ts';
import { formatRupees, toPaise } from '../../src/shop/money.ts';
import {
  buildOrderRecord,
  type Customer,
  createOrderId,
  type OrderLine,
  type OrderTotals,
  orderFingerprint,
  type PricedCart,
} from '../../src/shop/order.ts';
import type { CodOrderRequest, CreatePaymentOrderRequest, PrepaidOrderRequest } from '../../src/shop/schemas.ts';
import { buildShipment, type ShipmentRecord } from '../../src/shop/shipment.ts';
import type { PaymentMode, ShippingRules } from '../../src/shop/shipping.ts';
import { canMove, type OrderLog, type StoredOrder } from './order-log.ts';
import type { PaymentGateway } from './razorpay.ts';
import { priceAndShip } from './shipping-quote.ts';
import { isWellFormedSignature, verifyPaymentSignature } from './signature.ts';

export interface ShopSettingsForOrders extends ShippingRules {
  pickup: { name: string; pincode: string };
}

export interface OrderDeps {
  log: OrderLog;
  catalogue: () => Promise<Product[]>;
  settings: () => Promise<ShopSettingsForOrders>;
  gateway: () => PaymentGateway;
  sheets: {
    appendOrder(
      order: StoredOrder['record'] & { paymentId?: string; waybill?: string; lines?: { hsnCode?: string }[] },
    ): Promise<{ ok: true; duplicate: boolean } | { ok: false; reason: string }>;
  };
  carrier: {
    quoteRate(input: {
      originPin: string;
      destinationPin: string;
      grams: number;
      mode: PaymentMode;
    }): Promise<number | undefined>;
    createShipment(input: {
      shipment: ShipmentRecord;
      pickupName: string;
    }): Promise<{ sent: true; waybill: string } | { sent: false; reason: string }>;
  };
  now: () => Date;
}

export type ServiceResult<T> =
  | { ok: true; status: number; body: T }
  | { ok: false; status: number; code: string; message: string };

const fail = (status: number, code: string, message: string): ServiceResult<never> => ({
  ok: false,
  status,
  code,
  message,
});

/** A claim on a forward older than this is taken to belong to a worker that died. */
const STALE_CLAIM_MS = 5 * 60 * 1000;
/** Prepaid orders still unpaid this long after creation are asked about, then expired. */
export const PENDING_PAYMENT_TIMEOUT_MS = 15 * 60 * 1000;

interface Priced {
  cart: PricedCart;
  totals: OrderTotals;
  rules: ShopSettingsForOrders;
}

/** Lines, shipping and totals from the catalogue and the carrier: never from the browser. */
async function priceOrder(
  deps: OrderDeps,
  lines: OrderLine[],
  pincode: string,
  mode: PaymentMode,
): Promise<ServiceResult<Priced>> {
  const [catalogue, rules] = await Promise.all([deps.catalogue(), deps.settings()]);
  const priced = await priceAndShip(lines, pincode, mode, {
    catalogue,
    rules,
    originPin: rules.pickup.pincode,
    carrier: deps.carrier,
  });
  if (!priced.ok) return priced;
  return { ok: true, status: 200, body: { cart: priced.cart, totals: priced.totals, rules } };
}

function totalMismatch(serverTotal: number): ServiceResult<never> {
  return fail(
    409,
    'TOTAL_MISMATCH',
    `The total has changed to ${formatRupees(serverTotal)} (prices or shipping were updated). Please review your order and place it again.`,
  );
}

function newOrder(input: {
  orderId: string;
  mode: PaymentMode;
  customer: Customer;
  lines: OrderLine[];
  priced: Priced;
  now: Date;
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
  return {
    orderId,
    status: 'pending',
    mode,
    fingerprint: orderFingerprint(customer, lines, mode),
    createdAt: at,
    updatedAt: at,
    customer,
    lines,
    cart: priced.cart,
    totals: priced.totals,
    record,
    forwards: { sheet: { status: 'pending', attempts: 0 }, shipment: { status: 'pending', attempts: 0 } },
    history: [{ at, event: `created (${mode})` }],
  };
}

/**
 * Records an order under the shopper's order id. The same order sent again (a retry, a double
 * click) finds itself; a different order that happens to carry the same id gets the next free id.
 */
async function recordOrder(deps: OrderDeps, order: StoredOrder): Promise<{ order: StoredOrder; duplicate: boolean }> {
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

export async function placeCodOrder(deps: OrderDeps, request: CodOrderRequest) {
  const priced = await priceOrder(deps, request.lines, request.customer.pincode, 'cod');
  if (!priced.ok) return priced;
  if (request.clientTotal !== priced.body.totals.total) return totalMismatch(priced.body.totals.total);
  const { order, duplicate } = await recordOrder(
    deps,
    newOrder({
      orderId: request.orderId,
      mode: 'cod',
      customer: request.customer,
      lines: request.lines,
      priced: priced.body,
      now: deps.now(),
    }),
  );
  const forwarded = await forwardOrder(deps, order.orderId);
  return {
    ok: true as const,
    status: duplicate ? 200 : 201,
    body: { success: true as const, orderId: order.orderId, total: order.totals.total, status: forwarded.status },
  };
}

export async function createPaymentOrder(deps: OrderDeps, request: CreatePaymentOrderRequest) {
  const gateway = deps.gateway();
  const priced = await priceOrder(deps, request.lines, request.customer.pincode, 'prepaid');
  if (!priced.ok) return priced;
  if (request.clientTotal !== priced.body.totals.total) return totalMismatch(priced.body.totals.total);
  const { order } = await recordOrder(
    deps,
    newOrder({
      orderId: request.orderId,
      mode: 'prepaid',
      customer: request.customer,
      lines: request.lines,
      priced: priced.body,
      now: deps.now(),
    }),
  );
  if (order.status !== 'pending') return fail(409, 'ALREADY_PAID', `Order ${order.orderId} is already paid.`);
  let razorpay = order.razorpay;
  if (!razorpay) {
    const amountPaise = toPaise(order.totals.total);
    const created = await gateway.createOrder({
      amountPaise,
      receipt: order.orderId,
      notes: { orderId: order.orderId },
    });
    await deps.log.linkRazorpayOrder(created.id, order.orderId);
    const updated = await deps.log.update(order.orderId, (current) => {
      if (current.razorpay) return undefined; // a concurrent request linked one first: keep it
      current.razorpay = { orderId: created.id, amountPaise: created.amountPaise };
      current.history.push({ at: deps.now().toISOString(), event: `razorpay order ${created.id}` });
      return current;
    });
    razorpay = updated.order.razorpay;
  }
  if (!razorpay) throw new Error('unreachable: the payment order was just linked');
  return {
    ok: true as const,
    status: 200,
    body: {
      success: true as const,
      order: { id: razorpay.orderId, amount: razorpay.amountPaise, currency: 'INR' as const },
      key_id: gateway.keyId,
      gateway: gateway.kind,
      orderId: order.orderId,
      total: order.totals.total,
    },
  };
}

export async function verifyPayment(
  deps: OrderDeps,
  input: { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string },
) {
  if (!isWellFormedSignature(input.razorpay_signature)) {
    return fail(400, 'INVALID_SIGNATURE', 'The payment signature is not a valid signature.');
  }
  const order = await deps.log.getByRazorpayOrder(input.razorpay_order_id);
  const verified =
    order?.razorpay !== undefined &&
    verifyPaymentSignature({
      razorpayOrderId: order.razorpay.orderId, // the id we stored, not the one the browser sent
      paymentId: input.razorpay_payment_id,
      signature: input.razorpay_signature,
      keySecret: deps.gateway().keySecret,
    });
  return { ok: true as const, status: 200, body: { verified } };
}

export async function processPrepaid(deps: OrderDeps, request: PrepaidOrderRequest) {
  if (!isWellFormedSignature(request.razorpay_signature)) {
    return fail(400, 'INVALID_SIGNATURE', 'The payment signature is not a valid signature.');
  }
  const order = await deps.log.get(request.orderId);
  if (!order?.razorpay || order.razorpay.orderId !== request.razorpay_order_id) {
    return fail(404, 'UNKNOWN_PAYMENT', 'We have no payment started for this order.');
  }
  const gateway = deps.gateway();
  const signed = verifyPaymentSignature({
    razorpayOrderId: order.razorpay.orderId,
    paymentId: request.razorpay_payment_id,
    signature: request.razorpay_signature,
    keySecret: gateway.keySecret,
  });
  if (!signed) return fail(400, 'PAYMENT_NOT_VERIFIED', 'The payment could not be verified.');
  const remote = await gateway.fetchOrder(order.razorpay.orderId);
  const expectedPaise = toPaise(order.totals.total);
  if (!remote || remote.receipt !== order.orderId || remote.amountPaise !== expectedPaise) {
    return fail(409, 'PAYMENT_MISMATCH', 'The payment does not match this order.');
  }
  const completed = await completePaidOrder(deps, {
    orderId: order.orderId,
    paymentId: request.razorpay_payment_id,
    amountPaise: remote.amountPaise,
    via: 'browser',
  });
  if (!completed.ok) return completed;
  return {
    ok: true as const,
    status: 200,
    body: { success: true as const, orderId: order.orderId, total: order.totals.total, status: completed.body.status },
  };
}

/**
 * The one path by which a prepaid order becomes paid: the caller has proven the payment (browser
 * signature, signed webhook, or Razorpay's own answer to the reconciler). Idempotent.
 */
export async function completePaidOrder(
  deps: OrderDeps,
  input: { orderId: string; paymentId: string; amountPaise: number; via: 'browser' | 'webhook' | 'reconciler' },
): Promise<ServiceResult<StoredOrder>> {
  const existing = await deps.log.get(input.orderId);
  if (!existing?.razorpay) return fail(404, 'UNKNOWN_ORDER', `No payment was started for order ${input.orderId}.`);
  if (input.amountPaise !== existing.razorpay.amountPaise) {
    return fail(409, 'AMOUNT_MISMATCH', `The payment amount does not match order ${input.orderId}.`);
  }
  await deps.log.update(input.orderId, (order) => {
    if (!canMove(order.status, 'paid') || !order.razorpay) return undefined; // already paid or further
    const at = deps.now().toISOString();
    order.status = 'paid';
    order.updatedAt = at;
    order.razorpay = { ...order.razorpay, paymentId: input.paymentId, paidAt: at, via: input.via };
    order.record.paymentStatus = 'Completed';
    order.history.push({ at, event: `paid ${input.paymentId} (${input.via})` });
    return order;
  });
  const forwarded = await forwardOrder(deps, input.orderId);
  return { ok: true, status: 200, body: forwarded };
}

type ForwardKind = 'sheet' | 'shipment';

/** Claims a forward so that only one worker performs it; false when someone else has it or it is done. */
async function claim(deps: OrderDeps, orderId: string, kind: ForwardKind): Promise<StoredOrder | undefined> {
  const now = deps.now();
  const { order, changed } = await deps.log.update(orderId, (current) => {
    const ready =
      current.mode === 'cod'
        ? current.status === 'pending'
        : current.status === 'paid' || current.status === 'forwarded';
    if (!ready) return undefined;
    const state = current.forwards[kind];
    if (state.status === 'done' || state.status === 'not-sent') return undefined;
    if (state.status === 'sending' && state.claimedAt && now.getTime() - Date.parse(state.claimedAt) < STALE_CLAIM_MS) {
      return undefined;
    }
    current.forwards[kind] = {
      ...state,
      status: 'sending',
      claimedAt: now.toISOString(),
      attempts: state.attempts + 1,
    };
    return current;
  });
  return changed ? order : undefined;
}

async function settle(deps: OrderDeps, orderId: string, kind: ForwardKind, outcome: Partial<StoreForward>) {
  await deps.log.update(orderId, (order) => {
    const at = deps.now().toISOString();
    const state = order.forwards[kind];
    order.forwards[kind] = { attempts: state.attempts, status: outcome.status ?? 'failed', at, ...outcome };
    delete order.forwards[kind].claimedAt;
    order.history.push({
      at,
      event: `${kind}: ${order.forwards[kind].status}${outcome.lastError ? ` (${outcome.lastError})` : ''}`,
    });
    const finished = (['sheet', 'shipment'] as const).every(
      (key) => order.forwards[key].status === 'done' || order.forwards[key].status === 'not-sent',
    );
    if (finished && canMove(order.status, 'forwarded')) order.status = 'forwarded';
    order.updatedAt = at;
    return order;
  });
}

type StoreForward = StoredOrder['forwards']['sheet'];

/**
 * Sends the order to the staff's Sheet and books the shipment, each at most once, recording each
 * outcome on the order. Failures stay on the order for the reconciler to retry; nothing is lost.
 */
export async function forwardOrder(deps: OrderDeps, orderId: string): Promise<StoredOrder> {
  // The shipment first, so the Sheet row can carry its waybill; a failed booking never holds the row back.
  const forShipment = await claim(deps, orderId, 'shipment');
  if (forShipment) {
    try {
      const settings = await deps.settings();
      const shipment = buildShipment(forShipment.record, forShipment.cart.weight);
      const result = await deps.carrier.createShipment({ shipment, pickupName: settings.pickup.name });
      const outcome: Partial<StoreForward> = result.sent
        ? { status: 'done', waybill: result.waybill }
        : /duplicate/i.test(result.reason)
          ? // An earlier attempt was booked but its answer was lost: booking it again would double it.
            { status: 'done', lastError: `Delhivery already has this order (${result.reason})` }
          : result.reason.includes('not configured')
            ? { status: 'not-sent', lastError: result.reason }
            : { status: 'failed', lastError: result.reason };
      await settle(deps, orderId, 'shipment', outcome);
    } catch (error) {
      await settle(deps, orderId, 'shipment', { status: 'failed', lastError: (error as Error).message });
    }
  }
  const forSheet = await claim(deps, orderId, 'sheet');
  if (forSheet) {
    try {
      const result = await deps.sheets.appendOrder({
        ...forSheet.record,
        ...(forSheet.razorpay?.paymentId ? { paymentId: forSheet.razorpay.paymentId } : {}),
        ...(forSheet.forwards.shipment.waybill ? { waybill: forSheet.forwards.shipment.waybill } : {}),
        lines: forSheet.cart.lines,
      });
      await settle(
        deps,
        orderId,
        'sheet',
        result.ok ? { status: 'done' } : { status: 'failed', lastError: result.reason },
      );
    } catch (error) {
      await settle(deps, orderId, 'sheet', { status: 'failed', lastError: (error as Error).message });
    }
  }
  const order = await deps.log.get(orderId);
  if (!order) throw new Error(`Order ${orderId} vanished from the log`);
  return order;
}

/**
 * Every 15 minutes: prepaid orders still pending after 15 minutes are settled with Razorpay's own
 * answer (paid → completed, otherwise expired), and failed forwards are retried.
 */
export async function reconcile(
  deps: OrderDeps,
): Promise<{ completed: string[]; expired: string[]; retried: string[] }> {
  const report = { completed: [] as string[], expired: [] as string[], retried: [] as string[] };
  const now = deps.now().getTime();
  for (const orderId of await deps.log.openOrderIds()) {
    // One order that cannot be settled never stops the others.
    try {
      await reconcileOne(deps, orderId, now, report);
    } catch (error) {
      console.warn(`reconcile: order ${orderId} skipped: ${(error as Error).message}`);
    }
  }
  return report;
}

async function reconcileOne(
  deps: OrderDeps,
  orderId: string,
  now: number,
  report: { completed: string[]; expired: string[]; retried: string[] },
): Promise<void> {
  {
    const order = await deps.log.get(orderId);
    if (!order) return;
    if (order.mode === 'prepaid' && order.status === 'pending') {
      if (now - Date.parse(order.createdAt) < PENDING_PAYMENT_TIMEOUT_MS) return;
      const settled = await settlePendingPayment(deps, order);
      if (settled) report[settled].push(orderId);
      return;
    }
    const needsForward = (['sheet', 'shipment'] as const).some((kind) => {
      const state = order.forwards[kind];
      return state.status === 'pending' || state.status === 'failed' || state.status === 'sending';
    });
    if (needsForward) {
      await forwardOrder(deps, orderId);
      report.retried.push(orderId);
    }
  }
}

async function settlePendingPayment(deps: OrderDeps, order: StoredOrder): Promise<'completed' | 'expired' | undefined> {
  const gateway = deps.gateway();
  const remote = order.razorpay ? await gateway.fetchOrder(order.razorpay.orderId) : undefined;
  if (order.razorpay && remote?.status === 'paid') {
    const paymentId = await gateway.capturedPaymentId(order.razorpay.orderId);
    if (paymentId) {
      const done = await completePaidOrder(deps, {
        orderId: order.orderId,
        paymentId,
        amountPaise: remote.amountPaise,
        via: 'reconciler',
      });
      return done.ok ? 'completed' : undefined;
    }
    return undefined;
  }
  if (order.razorpay && !remote) return undefined; // Razorpay unreachable: ask again next time
  await deps.log.update(order.orderId, (current) => {
    if (!canMove(current.status, 'expired')) return undefined;
    const at = deps.now().toISOString();
    current.status = 'expired';
    current.updatedAt = at;
    current.history.push({ at, event: 'expired: not paid within 15 minutes' });
    return current;
  });
  return 'expired';
}
