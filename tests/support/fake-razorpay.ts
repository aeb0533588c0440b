/**
 * A fake Razorpay upstream on loopback, answering as Razorpay documents (docs/shop-rules.md §11):
 * the shop's real client reaches it over HTTP through `RAZORPAY_BASE_URL`, so these are contract
 * tests of our requests and of how we read Razorpay's answers, not of a mocked function.
 *
 * - `POST /v1/orders` → order entity (`status: created`);
 * - `GET /v1/payments/:id` → payment entity (`status`, `captured`, `order_id`, `amount`, `currency`);
 * - `POST /v1/payments/:id/capture` `{ amount, currency }` → the payment captured, or a 400
 *   `BAD_REQUEST_ERROR` when it is not `authorized` or the amount differs;
 * - `GET /v1/orders/:id/payments` → `{ entity: 'collection', count, items }`.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
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
  created_at: number;
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
  /** The shopper pays in Razorpay's dialog: a payment on the order, `captured` unless said otherwise. */
  pay(orderId: string, overrides?: Partial<FakePayment>): FakePayment;
  stop(): Promise<void>;
}

const json = (status: number, body: unknown) => ({ status, body });
const badRequest = (description: string) =>
  json(400, {
    error: { code: 'BAD_REQUEST_ERROR', description, source: 'business', reason: 'input_validation_failed' },
  });

async function bodyOf(request: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
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
    const payment = /^\/v1\/payments\/([^/]+)(\/capture)?$/.exec(path);
    if (payment?.[1]) {
      const found = fake.payments.get(decodeURIComponent(payment[1]));
      if (!found) return badRequest('The id provided does not exist');
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
        created_at: now(),
        ...overrides,
      };
      fake.payments.set(made.id, made);
      settleOrder(orderId);
      return made;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        release();
        server.close(() => resolve());
      }),
  });
}
