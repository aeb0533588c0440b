/**
 * The local test gateway runs only where nothing real is downstream (docs/shop-rules.md §11):
 * never in production, never beside a real Sheet or Delhivery — on a deploy preview with the
 * staff's Sheet configured, a test "payment" would be recorded and booked as paid. Everywhere
 * else without Razorpay keys, online payment answers 503 and the shopper is told to choose COD.
 */
import { describe, expect, it, vi } from 'vitest';
import createOrder from '../../netlify/functions/create-order.mts';
import health from '../../netlify/functions/health.mts';
import localGateway from '../../netlify/functions/local-gateway.mts';
import { LOCAL_GATEWAY_STORE } from '../../netlify/lib/orders/deps.ts';
import { markLocalMachine } from '../../netlify/lib/platform/local-machine.ts';
import { databaseRows } from '../support/database.ts';
import { makeCustomer } from '../support/factories.ts';
import { functionSandbox, staffHealthRequest } from '../support/functions.ts';
import { RAJMA_PREPAID_TOTAL, rajma } from '../support/orders.ts';

const VARIABLES = [
  'CONTEXT',
  'RAZORPAY_KEY_ID',
  'RAZORPAY_KEY_SECRET',
  'DELHIVERY_TOKEN',
  'SHEETS_WEBHOOK_URL',
  'SHEETS_WEBHOOK_SECRET',
  'SHEET_ID',
];
const sandbox = functionSandbox('test-gateway', VARIABLES);

const post = (url: string, body: unknown) =>
  new Request(`http://localhost${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

let counter = 1_736_000_000_000;
async function startPayment() {
  counter += 1;
  const body = { orderId: `OUO_${counter}`, customer: makeCustomer(), lines: rajma, clientTotal: RAJMA_PREPAID_TOTAL };
  return createOrder(post('/api/razorpay/create-order', body));
}

const CONTEXTS = ['dev', 'deploy-preview', 'branch-deploy', 'production'] as const;
const DOWNSTREAM = [
  { name: 'nothing real downstream', env: {} },
  {
    name: 'the real Sheet',
    env: { SHEETS_WEBHOOK_URL: 'https://script.google.com/macros/s/x/exec', SHEETS_WEBHOOK_SECRET: 's' },
  },
  { name: 'real Delhivery', env: { DELHIVERY_TOKEN: 'token' } },
  {
    name: 'the real Sheet and Delhivery',
    env: {
      SHEETS_WEBHOOK_URL: 'https://script.google.com/macros/s/x/exec',
      SHEETS_WEBHOOK_SECRET: 's',
      DELHIVERY_TOKEN: 't',
    },
  },
];
const CASES = CONTEXTS.flatMap((context) =>
  DOWNSTREAM.map((downstream) => ({
    context,
    ...downstream,
    allowed: context !== 'production' && downstream.name === 'nothing real downstream',
  })),
);

describe.each(CASES)('without Razorpay keys, in $context with $name', ({ context, env, allowed }) => {
  const configure = () => {
    vi.stubEnv('CONTEXT', context);
    // Staff's secret, as a deploy has one: /api/health's details are for staff.
    vi.stubEnv('STAFF_ACTION_SECRET', 'staff-secret');
    for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
  };

  it(allowed ? 'offers the local test gateway' : 'refuses online payment with 503 and records nothing', async () => {
    configure();
    const answer = await startPayment();
    if (allowed) {
      expect(answer.status).toBe(200);
      expect(await answer.json()).toMatchObject({ gateway: 'local' });
      return;
    }
    expect(answer.status).toBe(503);
    expect(await answer.json()).toEqual({
      error: {
        code: 'PAYMENTS_UNAVAILABLE',
        message: 'Online payment is not available right now. Please choose Cash on Delivery.',
      },
    });
    // Expected here, so not an error: the reason why payments are off is a warning for the log.
    expect(sandbox.warn()).toHaveBeenCalledWith(expect.stringMatching(/^payments: off here: /));
    const { blobs } = await sandbox
      .blobs()
      .store('orders')
      .list({ prefix: `order-OUO_${counter}` });
    expect(blobs).toEqual([]);
  });

  it(allowed ? 'lets the test dialog pay' : 'has no test "bank" (404) and says payments are off', async () => {
    configure();
    const paid = await localGateway(
      post('/api/local-gateway/pay', { razorpay_order_id: 'order_x', outcome: 'success' }),
    );
    expect(paid.status).toBe(404);
    expect((await paid.json()).error.code).toBe(allowed ? 'UNKNOWN_ORDER' : 'NOT_FOUND');
    const report = await (await health(staffHealthRequest())).json();
    expect(report.systems.payments).toBe(allowed ? 'local' : 'off');
  });
});

describe.each(CONTEXTS)(
  'on a deploy (not a developer’s machine), in %s with nothing real downstream (issue 46)',
  (context) => {
    it('refuses online payment (503), has no test "bank" (404) and says payments are off', async () => {
      markLocalMachine(false);
      vi.stubEnv('CONTEXT', context);
      vi.stubEnv('STAFF_ACTION_SECRET', 'staff-secret');
      const answer = await startPayment();
      expect(answer.status).toBe(503);
      expect(sandbox.warn()).toHaveBeenCalledWith(expect.stringMatching(/^payments: off here: /));
      const paid = await localGateway(
        post('/api/local-gateway/pay', { razorpay_order_id: 'order_x', outcome: 'success' }),
      );
      expect(paid.status).toBe(404);
      expect((await paid.json()).error.code).toBe('NOT_FOUND');
      const report = await (await health(staffHealthRequest())).json();
      expect(report.systems.payments).toBe('off');
    });
  },
);

describe('an id that is not a Razorpay order id (issue 37 §2)', () => {
  /** Every key in the test gateway's store and every row of the order log. */
  async function allKeys() {
    const keys = async (name: string) =>
      (await sandbox.blobs().store(name).list({ prefix: '' })).blobs.map((blob) => `${name}/${blob.key}`);
    return [...(await keys(LOCAL_GATEWAY_STORE)), ...(await databaseRows())].sort();
  }

  it.each([
    ['a path into the order log', (orderId: string) => `x/../../site:orders/order-${orderId}`],
    ['a dot segment', () => 'order_x/..'],
    ['a colon', () => 'order_x:1'],
    ['an invisible character', () => 'order_x\u200b'],
  ])('is refused (422) before any store is touched: %s', async (_name, makeId) => {
    vi.stubEnv('CONTEXT', 'dev');
    expect((await startPayment()).status).toBe(200);
    const before = await allKeys();
    const paid = await localGateway(
      post('/api/local-gateway/pay', { razorpay_order_id: makeId(`OUO_${counter}`), outcome: 'success' }),
    );
    expect(paid.status).toBe(422);
    expect(await paid.json()).toMatchObject({
      error: { code: 'VALIDATION_FAILED', message: 'That is not a Razorpay order id.' },
    });
    expect(await allKeys()).toEqual(before);
  });
});

describe('with Razorpay keys', () => {
  it('never opens the test gateway, wherever it runs', async () => {
    vi.stubEnv('STAFF_ACTION_SECRET', 'staff-secret');
    for (const context of CONTEXTS) {
      vi.stubEnv('CONTEXT', context);
      vi.stubEnv('RAZORPAY_KEY_ID', 'rzp_test_x');
      vi.stubEnv('RAZORPAY_KEY_SECRET', 'secret');
      const paid = await localGateway(
        post('/api/local-gateway/pay', { razorpay_order_id: 'order_x', outcome: 'success' }),
      );
      expect(paid.status).toBe(404);
      const report = await (await health(staffHealthRequest())).json();
      expect(report.systems.payments).toBe('real');
    }
  });
});
