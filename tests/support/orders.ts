/**
 * Orders for tests: an order service wired to test doubles (Blobs on the local server, a recording
 * Sheet, carrier and mail), the carts and requests, and orders placed through it — or, for the
 * function tests, through the functions over HTTP.
 */
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, vi } from 'vitest';
import type { StoredOrder } from '#shop/order/index.ts';
import calculateShipping from '../../netlify/functions/calculate-shipping.mts';
import createOrder from '../../netlify/functions/create-order.mts';
import localGateway from '../../netlify/functions/local-gateway.mts';
import processCod from '../../netlify/functions/process-cod.mts';
import processPrepaidFunction from '../../netlify/functions/process-prepaid.mts';
import { localDelhivery } from '../../netlify/lib/delhivery/local.ts';
import { simulatedTracker } from '../../netlify/lib/delhivery/simulated-tracking.ts';
import { orderSettings } from '../../netlify/lib/orders/deps.ts';
import { createOrderLog } from '../../netlify/lib/orders/order-log.ts';
import { createPaymentOrder, processPrepaid } from '../../netlify/lib/orders/pay.ts';
import { NO_PHONE_HISTORY, phoneHistory } from '../../netlify/lib/orders/phone-history.ts';
import { placeCodOrder } from '../../netlify/lib/orders/place.ts';
import { reconcile } from '../../netlify/lib/orders/reconcile.ts';
import type { OrderDeps, OrderEmail } from '../../netlify/lib/orders/types.ts';
import { type Database, database } from '../../netlify/lib/platform/database.ts';
import { readServerEnv, type ServerEnv } from '../../netlify/lib/platform/env.ts';
import { failure } from '../../netlify/lib/platform/outcome.ts';
import { createGateway, type PaymentGateway, type RefundGateway } from '../../netlify/lib/razorpay/gateway.ts';
import { localGatewaySecret, payLocally } from '../../netlify/lib/razorpay/local-gateway.ts';
import type { SheetOrder } from '../../netlify/lib/sheets/orders-tab.ts';
import type { SheetWhatsAppMessage } from '../../netlify/lib/sheets/whatsapp-tab.ts';
import { whatsappBook } from '../../netlify/lib/whatsapp/book.ts';
import type { WhatsAppTemplateMessage, WhatsAppTextMessage } from '../../netlify/lib/whatsapp/sender.ts';
import { content } from '../../src/content/content.server.ts';
import type { ShipmentRecord } from '../../src/shop/parcel/index.ts';
import type { TestBlobs } from './blobs.ts';
import { lazyDatabase } from './database.ts';
import { makeCustomer } from './factories.ts';

let counter = 0;

export interface TestOrderWorld {
  deps: OrderDeps;
  /** The world's own database (a schema of the run's server). */
  db: Database;
  /** One entry per order, as the Sheet holds it: an upsert replaces the order's entry. */
  sheetRows: SheetOrder[];
  /** The Orders tab each order's rows went to. */
  sheetTabs: Map<string, string>;
  /** How many writes reached the Sheet (a first write and its updates). */
  sheetWrites: number;
  /** The WhatsApp tab's rows: shoppers' messages for staff, once per message id. */
  whatsappTab: SheetWhatsAppMessage[];
  shipments: ShipmentRecord[];
  /** Waybills the carrier cancelled, in order (a repeat is not added twice). */
  cancelledWaybills: string[];
  /** Waybills Delhivery was asked to try again (NDR re-attempt), in order. */
  reattempts: string[];
  /** Every confirmation email the mail sender took (it does not deduplicate: two here are two sent). */
  emails: OrderEmail[];
  /** Every WhatsApp message sent, once per id (a second send of an id answers `duplicate`). */
  whatsapp: WhatsAppTemplateMessage[];
  /** Every free-form WhatsApp reply sent (a CONFIRM that did not confirm), once per id. */
  whatsappReplies: WhatsAppTextMessage[];
  sheetDown: boolean;
  carrierDown: boolean;
  mailDown: boolean;
  /** WhatsApp's Cloud API down (`UNREACHABLE`), or refusing every message (`REFUSED`, e.g. not on WhatsApp). */
  whatsappFault: 'down' | 'refuses' | undefined;
  clock: { now: Date };
  gatewayStoreName: string;
  /** The world's payment gateway itself (the local test gateway unless `env` sets Razorpay keys). */
  gateway(): PaymentGateway & RefundGateway;
  /** The local test gateway's dialog: pays (captured), authorizes only, or fails a payment. */
  pay(razorpayOrderId: string, outcome?: 'success' | 'authorized' | 'failure'): ReturnType<typeof payLocally>;
}

/**
 * The world's WhatsApp sending into `sent` (once per message id): down or refusing (with `refusal`,
 * Meta's code and words) as `world.whatsappFault` says.
 */
function whatsappSend<Message extends { id: string }>(world: TestOrderWorld, sent: Message[], refusal: string) {
  return async (message: Message) => {
    if (world.whatsappFault === 'down') return failure('UNREACHABLE', 'the Cloud API answered HTTP 503');
    if (world.whatsappFault === 'refuses') return failure('REFUSED', refusal);
    const duplicate = sent.some((earlier) => earlier.id === message.id);
    if (!duplicate) sent.push(message);
    return { ok: true as const, messageId: `wamid.test-${message.id}`, duplicate };
  };
}

export function orderWorld(blobs: TestBlobs, env: Partial<ServerEnv> = {}): TestOrderWorld {
  counter += 1;
  const gatewayStoreName = `gateway-${counter}`;
  const serverEnv = {
    ...readServerEnv({}),
    LOCAL_GATEWAY_SECRET_FILE: path.join(tmpdir(), `ouo-test-gateway-${process.pid}.secret`),
    // No refund events over HTTP: the service's tests hand events to the webhook themselves.
    LOCAL_GATEWAY_REFUND_EVENTS: 'off' as const,
    ...env,
  };
  // Its own schema on the run's PostgreSQL server, made on the world's first query.
  const db = lazyDatabase();
  const world: TestOrderWorld = {
    db,
    sheetRows: [],
    sheetTabs: new Map(),
    sheetWrites: 0,
    whatsappTab: [],
    shipments: [],
    cancelledWaybills: [],
    reattempts: [],
    whatsapp: [],
    whatsappReplies: [],
    whatsappFault: undefined,
    emails: [],
    sheetDown: false,
    carrierDown: false,
    mailDown: false,
    clock: { now: new Date('2026-11-21T10:00:00.000Z') },
    gatewayStoreName,
    deps: undefined as unknown as OrderDeps,
    gateway: () => {
      const choice = world.deps.gateway();
      if (!choice.ok) throw new Error(`No payment gateway in this world: ${choice.message}`);
      return choice.gateway;
    },
    pay: (razorpayOrderId, outcome = 'success') =>
      payLocally(
        blobs.store(gatewayStoreName),
        localGatewaySecret(serverEnv.LOCAL_GATEWAY_SECRET_FILE),
        razorpayOrderId,
        outcome,
      ),
  };
  world.deps = {
    log: createOrderLog(db),
    whatsappBook: whatsappBook(db),
    // The shop hears no WhatsApp here unless a test says so: COD orders are booked at once, as before rule 17.
    hearsWhatsApp: false,
    // Kept unless the test's env turns it off, as COD_PHONE_HISTORY=off does for the servers.
    codHistory: serverEnv.COD_PHONE_HISTORY === 'off' ? NO_PHONE_HISTORY : phoneHistory(db),
    catalogue: () => content().catalogue(),
    settings: orderSettings,
    gateway: () => createGateway(serverEnv, () => blobs.store(gatewayStoreName)),
    // Every change written with its order, as the local CSV files are (sheet-kind.ts); the batch's own tests set a minute.
    sheetBatch: { everyMs: 0, maxOrders: 500 },
    sheets: {
      writeOrders: vi.fn(async (tab: string, orders: readonly SheetOrder[]) => {
        if (world.sheetDown) return failure('UNREACHABLE', 'Sheet unreachable');
        world.sheetWrites += 1;
        for (const order of orders) {
          const index = world.sheetRows.findIndex((row) => row.orderId === order.orderId);
          if (index < 0) world.sheetRows.push(order);
          else world.sheetRows[index] = order;
          world.sheetTabs.set(order.orderId, tab);
        }
        return { ok: true as const, written: orders.map((order) => order.orderId) };
      }),
      appendWhatsApp: vi.fn(async (message) => {
        if (world.sheetDown) return failure('UNREACHABLE', 'Sheet unreachable');
        if (world.whatsappTab.some((row) => row.messageId === message.messageId))
          return { ok: true as const, duplicate: true };
        world.whatsappTab.push(message);
        return { ok: true as const, duplicate: false };
      }),
    },
    carrier: {
      quoteRate: vi.fn(async () => undefined),
      checkPincode: vi.fn((pin: string) => localDelhivery.checkPincode(pin)),
      parcelStaleMs: 15 * 60 * 1000,
      // Delhivery cancels a booking until its pickup (a quarter of a day after booking, as the
      // local carrier simulates it); after that it is too late.
      cancelShipment: vi.fn(async ({ waybill, bookedAt }: { waybill: string; bookedAt: string }) => {
        if (world.carrierDown) return { ...failure('UNREACHABLE', 'Delhivery answered 503'), tooLate: false as const };
        if (world.cancelledWaybills.includes(waybill)) return { ok: true as const, alreadyCancelled: true };
        if (world.clock.now.getTime() >= Date.parse(bookedAt) + 6 * 60 * 60 * 1000)
          return {
            ok: false as const,
            code: 'REFUSED' as const,
            message: 'Shipment is already In Transit',
            tooLate: true as const,
          };
        world.cancelledWaybills.push(waybill);
        return { ok: true as const, alreadyCancelled: false };
      }),
      // Delhivery's NDR re-attempt: queued (a request id), or down.
      requestReattempt: vi.fn(async (waybill: string) => {
        if (world.carrierDown) return failure('UNREACHABLE', 'Delhivery answered 503');
        world.reattempts.push(waybill);
        return { ok: true as const, requestId: `UPL${world.reattempts.length}` };
      }),
      // The local carrier's simulated journeys (chosen by the booked pincode), on the world's clock.
      trackParcels: vi.fn((queries) =>
        simulatedTracker(
          24 * 60 * 60 * 1000,
          () => world.clock.now.getTime(),
          (waybill) => world.shipments[Number(waybill.replace(/^WB/, '')) - 1]?.pin ?? null,
        )(queries),
      ),
      createShipment: vi.fn(async ({ shipment }) => {
        if (world.carrierDown) return failure('UNREACHABLE', 'Delhivery answered 503');
        world.shipments.push(shipment);
        return { ok: true as const, waybill: `WB${world.shipments.length}` };
      }),
    },
    whatsapp: {
      kind: 'local' as const,
      sendTemplate: vi.fn(whatsappSend(world, world.whatsapp, '131026: message undeliverable')),
      sendText: vi.fn(whatsappSend(world, world.whatsappReplies, '131047: outside the 24-hour window')),
    },
    mail: {
      sendOrderEmail: vi.fn(async (email: OrderEmail) => {
        if (world.mailDown) return failure('UNREACHABLE', 'the Apps Script answered HTTP 503');
        world.emails.push(email);
        return { ok: true as const, duplicate: false };
      }),
    },
    siteUrl: serverEnv.URL,
    now: () => world.clock.now,
  };
  return world;
}

// 2 × White Rajma 500gm = ₹694, 1000 g: below ₹1000, so shipping is the estimate round(1 × 50 + 40) = ₹90.
export const rajma = [{ productId: 1, size: '500gm', quantity: 2 }];
export const RAJMA_COD_TOTAL = 694 + 90 + 150;
export const RAJMA_PREPAID_TOTAL = 694 + 90;
// 1 × Ghee 495gm = ₹1795: free shipping.
export const ghee = [{ productId: 3, size: '495gm', quantity: 1 }];

/** A COD order request for the rajma cart at its server total. */
export const codRequest = (orderId: string, overrides = {}) => ({
  orderId,
  customer: makeCustomer(),
  lines: rajma,
  paymentMode: 'cod' as const,
  clientTotal: RAJMA_COD_TOTAL,
  ...overrides,
});

/** A payment order request for the rajma cart at its prepaid total. */
export const prepaidRequest = (orderId: string, overrides = {}) => ({
  orderId,
  customer: makeCustomer(),
  lines: rajma,
  clientTotal: RAJMA_PREPAID_TOTAL,
  ...overrides,
});

/** A COD order for the rajma cart with its ₹150 COD fee paid now (rule 17): its payment order request. */
export const advanceRequest = (orderId: string, overrides = {}) =>
  prepaidRequest(orderId, { clientTotal: RAJMA_COD_TOTAL, codAdvance: true as const, ...overrides });

// ---- Orders placed through the services (netlify/lib tests) --------------------------------------

let serviceIds = 1_734_000_000_000;
/** A new order id; each world keeps its own log, so ids need only differ within a test file. */
export const newOrderId = () => {
  serviceIds += 1;
  return `OUO_${serviceIds}`;
};

/** A COD order for the rajma cart, placed and booked in `world`: its id. */
export async function codOrder(world: TestOrderWorld): Promise<string> {
  const orderId = newOrderId();
  const placed = await placeCodOrder(world.deps, codRequest(orderId));
  if (!placed.ok) throw new Error(placed.message);
  return orderId;
}

/** A prepaid order (₹784 captured) through the world's gateway; with `twice`, a second tab paid it again. */
export async function paidOrder(world: TestOrderWorld, twice = false): Promise<string> {
  const orderId = newOrderId();
  const created = await createPaymentOrder(world.deps, prepaidRequest(orderId));
  if (!created.ok) throw new Error(created.message);
  const payment = await world.pay(created.body.order.id);
  if (!payment || 'error' in payment) throw new Error('payment failed');
  await processPrepaid(world.deps, { orderId, ...payment });
  if (twice) {
    const again = await world.pay(created.body.order.id);
    if (!again || 'error' in again) throw new Error('payment failed');
    await processPrepaid(world.deps, { orderId, ...again });
  }
  return orderId;
}

/** The order as the world's log holds it now; throws if there is none. */
export async function storedOrder(world: TestOrderWorld, orderId: string): Promise<StoredOrder> {
  const order = await world.deps.log.get(orderId);
  if (!order) throw new Error(`no order ${orderId}`);
  return order;
}

/** The refunds the world's gateway holds for a payment. */
export async function gatewayRefunds(world: TestOrderWorld, paymentId: string) {
  const answer = await world.gateway().paymentRefunds(paymentId);
  if (!answer.ok) throw new Error(answer.message);
  return answer.refunds;
}

// ---- Orders placed through the functions, over HTTP (tests/functions) ----------------------------

type Handler = (request: Request, context: never) => Promise<Response>;

/**
 * POSTs `body` to a function as Netlify calls it: JSON (a string is sent as it is, signed bodies
 * are), with the route's `params` in the context.
 */
export const postJson = (
  handler: Handler,
  url: string,
  body: unknown,
  { headers = {}, params = {} }: { headers?: Record<string, string>; params?: Record<string, string> } = {},
) =>
  handler(
    new Request(`http://localhost${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    }),
    { params } as never,
  );

/**
 * Orders placed through the functions on the local defaults, with ids from `firstId` on. The local
 * carrier remembers cancelled waybills across runs (in the OS temp folder), so a file's ids start
 * from the clock, apart from any other file's. They are kept in the file's own schema (NETLIFY_DB_URL).
 */
export function ordersOverHttp(firstId: number) {
  let lastId = firstId;
  const newId = () => {
    lastId += 1;
    return `OUO_${lastId}`;
  };

  /** The server's total for the rajma cart to Dehradun. */
  async function total(paymentMode: 'cod' | 'prepaid'): Promise<number> {
    const quote = await postJson(calculateShipping, '/api/delhivery/calculate-shipping', {
      lines: rajma,
      pincode: '248001',
      paymentMode,
    });
    return ((await quote.json()) as { total: number }).total;
  }

  async function codOrder(): Promise<{ orderId: string; key: string }> {
    const orderId = newId();
    const request = codRequest(orderId, { clientTotal: await total('cod') });
    const placed = await postJson(processCod, '/api/checkout/process-cod', request);
    expect(placed.status).toBe(201);
    return { orderId, key: ((await placed.json()) as { key: string }).key };
  }

  /** Paid through the local test gateway's dialog, then completed. */
  async function paidOrder(): Promise<{ orderId: string; key: string }> {
    const orderId = newId();
    const request = prepaidRequest(orderId, { clientTotal: await total('prepaid') });
    const created = await postJson(createOrder, '/api/razorpay/create-order', request);
    const { order } = (await created.json()) as { order: { id: string } };
    const paid = await postJson(localGateway, '/api/local-gateway/pay', {
      razorpay_order_id: order.id,
      outcome: 'success',
    });
    const payment = (await paid.json()) as Record<string, string>;
    const done = await postJson(processPrepaidFunction, '/api/checkout/process-prepaid', { orderId, ...payment });
    expect(done.status).toBe(200);
    return { orderId, key: ((await done.json()) as { key: string }).key };
  }

  /** The order as the functions' log holds it now. */
  const stored = async (orderId: string) => (await createOrderLog(database()).get(orderId)) as StoredOrder;

  return { newId, total, codOrder, paidOrder, stored };
}

/**
 * The sweep `minutes` on; by default four hours, the longest any task waits out its back-off
 * (netlify/lib/tasks/runner.ts): every task left failed or pending at Razorpay is due again, and runs.
 */
export async function sweepLater(world: TestOrderWorld, minutes = 240) {
  world.clock.now = new Date(world.clock.now.getTime() + minutes * 60 * 1000);
  return reconcile(world.deps);
}
