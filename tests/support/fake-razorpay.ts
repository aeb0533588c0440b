/**
 * A fake Razorpay upstream on loopback, answering as Razorpay documents (docs/shop-rules.md §11):
 * the shop's real client reaches it over HTTP through `RAZORPAY_BASE_URL`, so these are contract
 * tests of our requests and of how we read Razorpay's answers, not of a mocked function.
 *
 * - `POST /v1/orders` → order entity (`status: created`);
 * - `GET /v1/payments/:id` → payment entity (`status`, `captured`, `order_id`, `amount`, `currency`);
 * - `POST /v1/payments/:id/capture` `{ amount, currency }` → the payment captured, or a 400
 *   `BAD_REQUEST_ERROR` when it is not `authorized` or the amount differs;
 * - `GET /v1/orders/:id/payments` → `{ entity: 'collection', count, items }`;
 * - `POST /v1/payments/:id/refund` `{ amount, speed, receipt, notes }` with `X-Refund-Idempotency`
 *   → the refund entity (`pending`), as Razorpay's "Create a Normal Refund (Idempotent Request)"
 *   documents it: the same key and body answer the first refund again; a different body with the
 *   same key is a 400 "Different request with the same idempotency key has already been processed.";
 *   a request while one with the same key is still running (hold it with `refundDelayMs`) is a 409;
 *   more than is left to refund, or a payment not captured, is a 400 `BAD_REQUEST_ERROR` (those two
 *   descriptions are ours: Razorpay documents the code, not the words); `refundsDown` answers 502;
 *   a refunded payment gains `amount_refunded` and `refund_status`, and is `refunded` once in full;
 * - `GET /v1/payments/:id/refunds/:refund_id` → the refund entity;
 * - `GET /v1/payments/:id/refunds` → `{ entity: 'collection', count, items }`, newest first, the
 *   last 10 unless `count` (at most 100) and `skip` say otherwise, as documented.
 * A test settles a refund with `settleRefund` (`processed` or `failed`).
 */
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { RAZORPAY_REFUND_RULES } from '../../netlify/lib/razorpay/refund-shapes.ts';
import { allowPassthrough } from './msw.ts';

export const FAKE_KEYS = {
  RAZORPAY_KEY_ID: 'rzp_test_fake',
  RAZORPAY_KEY_SECRET: 'fake_key_secret',
  RAZORPAY_WEBHOOK_SECRET: 'fake_hook_secret',
};

interface FakeOrder {
  id: string;
  entity: 'order';
  amount: number;
  amount_paid: number;
  amount_due: number;
  currency: 'INR';
  receipt: string;
  status: 'created' | 'attempted' | 'paid';
  attempts: number;
  notes: Record<string, string>;
  created_at: number;
}

interface FakePayment {
  id: string;
  entity: 'payment';
  amount: number;
  currency: string;
  status: 'created' | 'authorized' | 'captured' | 'failed' | 'refunded';
  order_id: string;
  method: string;
  captured: boolean;
  error_description: string | null;
  amount_refunded: number;
  refund_status: 'partial' | 'full' | null;
  created_at: number;
}

export interface FakeRefund {
  id: string;
  entity: 'refund';
  amount: number;
  currency: string;
  payment_id: string;
  notes: Record<string, string>;
  receipt: string | null;
  acquirer_data: { arn: string | null };
  created_at: number;
  batch_id: null;
  status: 'pending' | 'processed' | 'failed';
  speed_processed?: string;
  speed_requested: string;
}

export interface FakeRazorpay {
  baseUrl: string;
  orders: Map<string, FakeOrder>;
  payments: Map<string, FakePayment>;
  /** Every request the shop made, as `METHOD /path`. */
  calls: string[];
  /** While set, captures answer 502 (Razorpay or the bank not answering). */
  captureDown: boolean;
  /** Milliseconds every `POST /v1/orders` takes (to hold concurrent requests together). */
  orderDelayMs: number;
  /** While set, creating an order answers 500. */
  ordersDown: boolean;
  refunds: Map<string, FakeRefund>;
  /** Every idempotency key Razorpay has seen: its request's hash, and its refund once made. */
  refundKeys: Map<string, { requestHash: string; refundId?: string }>;
  /** Milliseconds every refund takes to be made (a second request with its key meanwhile gets 409). */
  refundDelayMs: number;
  /** While set, refund calls answer 502. */
  refundsDown: boolean;
  /** Razorpay (and the bank) finish a refund: `processed` unless said otherwise. */
  settleRefund(refundId: string, status?: 'processed' | 'failed'): FakeRefund;
  /** The shopper pays in Razorpay's dialog: a payment on the order, `captured` unless said otherwise. */
  pay(orderId: string, overrides?: Partial<FakePayment>): FakePayment;
  stop(): Promise<void>;
}

const json = (status: number, body: unknown) => ({ status, body });
const badRequest = (description: string) =>
  json(400, {
    error: { code: 'BAD_REQUEST_ERROR', description, source: 'business', reason: 'input_validation_failed' },
  });

async function textOf(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

async function bodyOf(request: IncomingMessage): Promise<Record<string, unknown>> {
  const text = await textOf(request);
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

export async function startFakeRazorpay(): Promise<FakeRazorpay> {
  let sequence = 0;
  const id = (prefix: string) => {
    sequence += 1;
    return `${prefix}_Fake${String(sequence).padStart(8, '0')}`;
  };
  const now = () => Math.floor(Date.now() / 1000);
  const expectedAuth = `Basic ${Buffer.from(`${FAKE_KEYS.RAZORPAY_KEY_ID}:${FAKE_KEYS.RAZORPAY_KEY_SECRET}`).toString('base64')}`;

  const fake = {
    orders: new Map<string, FakeOrder>(),
    payments: new Map<string, FakePayment>(),
    calls: [] as string[],
    captureDown: false,
    orderDelayMs: 0,
    ordersDown: false,
    refunds: new Map<string, FakeRefund>(),
    refundKeys: new Map<string, { requestHash: string; refundId?: string }>(),
    refundDelayMs: 0,
    refundsDown: false,
  };

  async function answer(method: string, path: string, request: IncomingMessage) {
    if (request.headers.authorization !== expectedAuth) {
      return json(401, { error: { code: 'BAD_REQUEST_ERROR', description: 'The api key provided is invalid' } });
    }
    if (method === 'POST' && path === '/v1/orders') {
      if (fake.ordersDown)
        return json(500, { error: { code: 'SERVER_ERROR', description: 'We are facing some trouble' } });
      const body = await bodyOf(request);
      if (!Number.isInteger(body.amount)) return badRequest('The amount must be an integer.');
      await new Promise((resolve) => setTimeout(resolve, fake.orderDelayMs));
      const order: FakeOrder = {
        id: id('order'),
        entity: 'order',
        amount: body.amount as number,
        amount_paid: 0,
        amount_due: body.amount as number,
        currency: 'INR',
        receipt: String(body.receipt ?? ''),
        status: 'created',
        attempts: 0,
        notes: (body.notes as Record<string, string>) ?? {},
        created_at: now(),
      };
      fake.orders.set(order.id, order);
      return json(200, order);
    }
    const refunds = /^\/v1\/payments\/([^/]+)\/(refund|refunds)(?:\/([^/]+))?$/.exec(path);
    if (refunds?.[1]) {
      if (fake.refundsDown) return json(502, { error: { code: 'GATEWAY_ERROR', description: 'Gateway timed out' } });
      return refundAnswer(method, decodeURIComponent(refunds[1]), refunds[2], refunds[3], request);
    }
    const payment = /^\/v1\/payments\/([^/]+)(\/capture)?$/.exec(path);
    if (payment?.[1]) {
      const found = fake.payments.get(decodeURIComponent(payment[1]));
      if (!found) return badRequest(RAZORPAY_REFUND_RULES.unknownId);
      if (method === 'GET' && !payment[2]) return json(200, found);
      if (method === 'POST' && payment[2]) {
        if (fake.captureDown) return json(502, { error: { code: 'GATEWAY_ERROR', description: 'Gateway timed out' } });
        const body = await bodyOf(request);
        if (found.status !== 'authorized') return badRequest('This payment has already been captured');
        if (body.amount !== found.amount || body.currency !== found.currency) {
          return badRequest('Capture amount must be equal to the amount authorized');
        }
        Object.assign(found, { status: 'captured', captured: true });
        settleOrder(found.order_id);
        return json(200, found);
      }
    }
    const list = /^\/v1\/orders\/([^/]+)\/payments$/.exec(path);
    if (method === 'GET' && list?.[1]) {
      const items = [...fake.payments.values()].filter((item) => item.order_id === decodeURIComponent(list[1] ?? ''));
      return json(200, { entity: 'collection', count: items.length, items });
    }
    return json(404, {
      error: { code: 'BAD_REQUEST_ERROR', description: 'The requested URL was not found on the server.' },
    });
  }

  async function refundAnswer(
    method: string,
    paymentId: string,
    noun: string | undefined,
    refundId: string | undefined,
    request: IncomingMessage,
  ) {
    const found = fake.payments.get(paymentId);
    if (!found) return badRequest(RAZORPAY_REFUND_RULES.unknownId);
    if (method === 'POST' && noun === 'refund' && !refundId) {
      const text = await textOf(request);
      const key = request.headers['x-refund-idempotency'];
      return createRefund(found, JSON.parse(text || '{}') as Record<string, unknown>, text, key);
    }
    if (method === 'GET' && noun === 'refunds' && refundId) {
      const refund = fake.refunds.get(decodeURIComponent(refundId));
      return refund?.payment_id === paymentId ? json(200, refund) : badRequest(RAZORPAY_REFUND_RULES.unknownId);
    }
    if (method === 'GET' && noun === 'refunds') {
      const query = new URL(request.url ?? '/', 'http://fake').searchParams;
      const count = Math.min(Number(query.get('count') ?? 10), 100);
      const skip = Number(query.get('skip') ?? 0);
      const items = [...fake.refunds.values()]
        .filter((refund) => refund.payment_id === paymentId)
        .reverse()
        .slice(skip, skip + count);
      return json(200, { entity: 'collection', count: items.length, items });
    }
    return json(404, {
      error: { code: 'BAD_REQUEST_ERROR', description: 'The requested URL was not found on the server.' },
    });
  }

  async function createRefund(payment: FakePayment, body: Record<string, unknown>, text: string, key: unknown) {
    const requestHash = createHash('sha256').update(`${payment.id}\u0000${text}`).digest('hex');
    if (typeof key === 'string') {
      if (!/^[A-Za-z0-9_-]{10,}$/.test(key)) return badRequest('The idempotency key is invalid.');
      const seen = fake.refundKeys.get(key);
      if (seen && seen.requestHash !== requestHash) {
        return badRequest(RAZORPAY_REFUND_RULES.keyReused);
      }
      if (seen && !seen.refundId) {
        return json(409, { error: { code: 'BAD_REQUEST_ERROR', description: 'Request is already being processed.' } });
      }
      if (seen?.refundId) return json(200, fake.refunds.get(seen.refundId));
      fake.refundKeys.set(key, { requestHash });
    }
    const release = () => (typeof key === 'string' ? fake.refundKeys.delete(key) : undefined);
    await new Promise((resolve) => setTimeout(resolve, fake.refundDelayMs));
    const left = payment.amount - payment.amount_refunded;
    const amount = body.amount === undefined ? left : body.amount;
    let refused: string | undefined;
    if (payment.status !== 'captured' && payment.status !== 'refunded') refused = 'The payment has not been captured.';
    else if (!Number.isInteger(amount) || (amount as number) < RAZORPAY_REFUND_RULES.minRefundPaise) {
      refused = RAZORPAY_REFUND_RULES.tooSmall;
    } else if ((amount as number) > left) refused = 'The refund amount is greater than the amount left to refund.';
    if (refused) {
      release();
      return badRequest(refused);
    }
    const refund: FakeRefund = {
      id: id('rfnd'),
      entity: 'refund',
      amount: amount as number,
      currency: payment.currency,
      payment_id: payment.id,
      notes: (body.notes as Record<string, string>) ?? {},
      receipt: typeof body.receipt === 'string' ? body.receipt : null,
      acquirer_data: { arn: null },
      created_at: now(),
      batch_id: null,
      status: 'pending',
      speed_requested: String(body.speed ?? 'normal'),
    };
    fake.refunds.set(refund.id, refund);
    if (typeof key === 'string') fake.refundKeys.set(key, { requestHash, refundId: refund.id });
    countRefunds(payment);
    return json(200, refund);
  }

  /** The payment's `amount_refunded`, `refund_status` and status, from its refunds that did not fail. */
  function countRefunds(payment: FakePayment) {
    const refunded = [...fake.refunds.values()]
      .filter((refund) => refund.payment_id === payment.id && refund.status !== 'failed')
      .reduce((sum, refund) => sum + refund.amount, 0);
    payment.amount_refunded = refunded;
    payment.refund_status = refunded === 0 ? null : refunded >= payment.amount ? 'full' : 'partial';
    if (payment.status === 'captured' || payment.status === 'refunded') {
      payment.status = refunded >= payment.amount ? 'refunded' : 'captured';
    }
  }

  function settleOrder(orderId: string) {
    const order = fake.orders.get(orderId);
    if (!order) return;
    const paid = [...fake.payments.values()].some((item) => item.order_id === orderId && item.status === 'captured');
    order.status = paid ? 'paid' : 'attempted';
    order.amount_paid = paid ? order.amount : 0;
    order.amount_due = order.amount - order.amount_paid;
  }

  const server = createServer((request, response) => {
    const method = request.method ?? 'GET';
    const path = new URL(request.url ?? '/', 'http://fake').pathname;
    fake.calls.push(`${method} ${path}`);
    answer(method, path, request)
      .then(({ status, body }) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(body));
      })
      .catch((error: Error) => {
        response.writeHead(500);
        response.end(error.message);
      });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const release = allowPassthrough(baseUrl);

  return Object.assign(fake, {
    baseUrl,
    pay(orderId: string, overrides: Partial<FakePayment> = {}) {
      const order = fake.orders.get(orderId);
      if (!order) throw new Error(`fake Razorpay has no order ${orderId}`);
      order.attempts += 1;
      const status = overrides.status ?? 'captured';
      const made: FakePayment = {
        id: id('pay'),
        entity: 'payment',
        amount: order.amount,
        currency: 'INR',
        status,
        order_id: orderId,
        method: 'upi',
        captured: status === 'captured' || status === 'refunded',
        error_description: status === 'failed' ? 'Payment failed because the bank declined it' : null,
        amount_refunded: 0,
        refund_status: null,
        created_at: now(),
        ...overrides,
      };
      fake.payments.set(made.id, made);
      settleOrder(orderId);
      return made;
    },
    settleRefund(refundId: string, status: 'processed' | 'failed' = 'processed') {
      const refund = fake.refunds.get(refundId);
      if (!refund) throw new Error(`fake Razorpay has no refund ${refundId}`);
      Object.assign(
        refund,
        status === 'processed'
          ? { status, speed_processed: 'normal', acquirer_data: { arn: '10000000000000' } }
          : { status },
      );
      const payment = fake.payments.get(refund.payment_id);
      if (payment) countRefunds(payment);
      return refund;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        release();
        server.close(() => resolve());
      }),
  });
}
