/**
 * After "Place order": the order's own page (GET /api/orders/:orderId?key=) and /track (POST
 * /api/track), called as Netlify calls them, on the local defaults with Blobs on Netlify's local
 * server. Every mismatch answers the same 404, so neither can be used to discover orders.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import calculateShipping from '../../netlify/functions/calculate-shipping.mts';
import orderView from '../../netlify/functions/order-view.mts';
import processCod from '../../netlify/functions/process-cod.mts';
import track from '../../netlify/functions/track.mts';
import { orderResponseSchema, orderViewSchema, trackViewSchema } from '../../src/shop/schemas/index.ts';
import { makeCustomer } from '../support/factories.ts';
import { functionSandbox } from '../support/functions.ts';

functionSandbox('order-pages', ['CONTEXT', 'RAZORPAY_KEY_ID', 'RAZORPAY_KEY_SECRET', 'DELHIVERY_TOKEN']);
afterEach(() => vi.useRealTimers());

const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  new Request(`http://localhost${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
const view = (orderId: string, key?: string) =>
  orderView(new Request(`http://localhost/api/orders/${orderId}${key === undefined ? '' : `?key=${key}`}`), {
    params: { orderId },
  });

let counter = 1_735_000_000_000;
const lines = [
  { productId: 1, size: '500gm', quantity: 2 },
  { productId: 3, size: '495gm', quantity: 1 },
];

async function total(paymentMode: 'cod' | 'prepaid') {
  const response = await calculateShipping(
    post('/api/delhivery/calculate-shipping', { lines, pincode: '248001', paymentMode }),
  );
  return (await response.json()).total as number;
}

async function placeCod(customer = makeCustomer()) {
  counter += 1;
  const body = { orderId: `OUO_${counter}`, customer, lines, paymentMode: 'cod', clientTotal: await total('cod') };
  const response = await processCod(post('/api/checkout/process-cod', body));
  expect(response.status).toBe(201);
  return orderResponseSchema.parse(await response.json());
}

const NOT_FOUND = { error: { code: 'NOT_FOUND', message: 'Order not found' } };
const NO_MATCH = { error: { code: 'NOT_FOUND', message: 'We could not find an order with that id and phone number' } };

describe('the order page', () => {
  it('opens with its key: lines, totals, address, payment and the timeline so far', async () => {
    const placed = await placeCod();
    const response = await view(placed.orderId, placed.key);
    expect(response.status).toBe(200);
    const order = orderViewSchema.parse(await response.json());
    expect(order).toMatchObject({
      orderId: placed.orderId,
      paymentMode: 'cod',
      paymentStatus: 'Pay on delivery',
      lines: [
        { name: 'Himalayan White Rajma', size: '500gm', quantity: 2, price: 347, lineTotal: 694, hsnCode: '07133300' },
        { name: expect.stringContaining('Ghee'), size: '495gm', quantity: 1, lineTotal: 1795, hsnCode: '040590' },
      ],
      totals: { subtotal: 2489, shippingCharge: 0, codCharge: 150, total: placed.total },
      address: { name: 'Asha Rawat', address1: '12 Mall Road', city: 'Dehradun', pincode: '248001' },
      simulatedTracking: true,
    });
    expect(order.timeline.map((step) => step.kind)).toEqual(['placed', 'booked']);
    expect(order.timeline[1]).toMatchObject({
      title: 'Handed to Delhivery',
      detail: expect.stringMatching(/^Waybill SIM\d+$/),
      link: { href: expect.stringMatching(/^https:\/\/www\.delhivery\.com\/track-v2\/package\/SIM\d+$/) },
    });
  });

  it("shows the local carrier's scans as the simulated days pass, up to Delivered", async () => {
    vi.stubEnv('LOCAL_CARRIER_DAY_SECONDS', '60');
    vi.useFakeTimers({ toFake: ['Date'] });
    const placed = await placeCod();
    vi.setSystemTime(Date.now() + 90 * 1000); // a day and a half later
    const halfway = orderViewSchema.parse(await (await view(placed.orderId, placed.key)).json());
    expect(halfway.timeline.map((step) => step.title)).toEqual([
      'Order placed',
      'Handed to Delhivery',
      'Picked up by Delhivery',
      'On its way',
    ]);
    vi.setSystemTime(Date.now() + 4 * 60 * 1000);
    const arrived = orderViewSchema.parse(await (await view(placed.orderId, placed.key)).json());
    expect(arrived.timeline.at(-1)).toMatchObject({ kind: 'delivered', title: 'Delivered' });
  });

  it('answers the same "Order not found" without a key, with a wrong one, with another order\'s, or for no such order', async () => {
    const mine = await placeCod();
    const theirs = await placeCod(makeCustomer({ name: 'Someone Else' }));
    const answers = await Promise.all([
      view(mine.orderId),
      view(mine.orderId, ''),
      view(mine.orderId, '0'.repeat(32)),
      view(mine.orderId, theirs.key),
      view(mine.orderId, `${mine.key}0`),
      view('OUO_1111111111111', mine.key),
      view('not-an-order', mine.key),
    ]);
    for (const answer of answers) {
      expect(answer.status).toBe(404);
      expect(await answer.json()).toEqual(NOT_FOUND);
    }
  });
});

describe('/track', () => {
  it('finds an order by id and the phone in any usual format, with the address masked', async () => {
    const placed = await placeCod();
    for (const phone of ['98765 43210', '+91 98765-43210', '098765 43210', '919876543210']) {
      const response = await track(post('/api/track', { orderId: placed.orderId, phone }));
      expect(response.status).toBe(200);
      const found = trackViewSchema.parse(await response.json());
      expect(found).toMatchObject({ orderId: placed.orderId, address: { city: 'Dehradun', pincode: '248001' } });
      expect(found.timeline[0]).toMatchObject({ kind: 'placed' });
      const text = JSON.stringify(found);
      for (const secret of ['Asha', '12 Mall Road', 'asha@example.in', '43210']) expect(text).not.toContain(secret);
    }
  });

  it('answers one generic 404 for a wrong phone and for an order that does not exist', async () => {
    const placed = await placeCod();
    for (const body of [
      { orderId: placed.orderId, phone: '9999999999' },
      { orderId: 'OUO_1111111111111', phone: '9876543210' },
    ]) {
      const response = await track(post('/api/track', body));
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual(NO_MATCH);
    }
  });

  it('refuses a malformed id or phone (422), a text/plain post (415) and a cross-site one (403)', async () => {
    expect((await track(post('/api/track', { orderId: 'OUO_1', phone: '9876543210' }))).status).toBe(422);
    expect((await track(post('/api/track', { orderId: 'OUO_1111111111111', phone: '12345' }))).status).toBe(422);
    const plain = new Request('http://localhost/api/track', {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: '{}',
    });
    expect((await track(plain)).status).toBe(415);
    const crossSite = post(
      '/api/track',
      { orderId: 'OUO_1111111111111', phone: '9876543210' },
      { origin: 'https://evil.example' },
    );
    expect((await track(crossSite)).status).toBe(403);
  });
});
