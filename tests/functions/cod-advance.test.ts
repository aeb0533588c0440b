import { describe, expect, it, vi } from 'vitest';
import { ordersCsv } from '#tests/support/sheets.ts';
import cancelOrderFunction from '../../netlify/functions/cancel-order.mts';
import createOrder from '../../netlify/functions/create-order.mts';
import label from '../../netlify/functions/label.mts';
import localGateway from '../../netlify/functions/local-gateway.mts';
import orderViewFunction from '../../netlify/functions/order-view.mts';
import processPrepaid from '../../netlify/functions/process-prepaid.mts';
import reconcileOrders from '../../netlify/functions/reconcile-orders.mts';
import { localBookings } from '../../netlify/lib/delhivery/local.ts';
import { readCsv } from '../../src/content/sheet-csv.server.ts';
import {
  createPaymentOrderResponseSchema,
  orderResponseSchema,
  orderViewSchema,
} from '../../src/shop/schemas/index.ts';
import { functionSandbox } from '../support/functions.ts';
import { advanceRequest, ordersOverHttp, postJson } from '../support/orders.ts';

const sandbox = functionSandbox('cod-advance', [
  'RAZORPAY_KEY_ID',
  'RAZORPAY_KEY_SECRET',
  'DELHIVERY_TOKEN',
  'CONTEXT',
]);
// From the clock: the local carrier keeps its bookings and cancellations across runs (OS temp folder).
const { newId, total, stored } = ordersOverHttp(Date.now());
const FEE = 150;

/** Creates the advance order at the server's COD total: its id, the Razorpay order and the total. */
async function createAdvance() {
  const orderId = newId();
  const clientTotal = await total('cod');
  const created = await postJson(createOrder, '/api/razorpay/create-order', advanceRequest(orderId, { clientTotal }));
  expect(created.status).toBe(200);
  const { order, gateway, total: orderTotal } = createPaymentOrderResponseSchema.parse(await created.json());
  return { orderId, clientTotal, order, gateway, orderTotal };
}

/** Pays it in the local test gateway's dialog, then completes it as the browser does. */
async function payAndComplete(orderId: string, razorpayOrderId: string) {
  const paid = await postJson(localGateway, '/api/local-gateway/pay', {
    razorpay_order_id: razorpayOrderId,
    outcome: 'success',
  });
  const payment = (await paid.json()) as Record<string, string>;
  const done = await postJson(processPrepaid, '/api/checkout/process-prepaid', { orderId, ...payment });
  expect(done.status).toBe(200);
  return { payment, answer: orderResponseSchema.parse(await done.json()) };
}

const view = async (orderId: string, key: string) =>
  orderViewSchema.parse(
    await (
      await orderViewFunction(new Request(`http://localhost/api/orders/${orderId}?key=${key}`), {
        params: { orderId },
      } as never)
    ).json(),
  );

async function sheetRow(orderId: string) {
  const [header = [], ...rows] = await readCsv(ordersCsv(sandbox.sheetsDir()));
  return rows
    .map((row) => Object.fromEntries(header.map((name, index) => [name, row[index] ?? ''])))
    .find((row) => row['Order ID'] === orderId);
}

describe('the COD fee paid now, through the functions', () => {
  it('takes ₹150 in the local gateway, confirms the order by it and books the rest as cash on delivery', async () => {
    const { orderId, clientTotal, order, gateway, orderTotal } = await createAdvance();
    expect({ amount: order.amount, gateway, orderTotal }).toEqual({
      amount: FEE * 100,
      gateway: 'local',
      orderTotal: clientTotal,
    });
    expect(await localBookings().read(orderId)).toBeUndefined();
    const { answer } = await payAndComplete(orderId, order.id);
    expect(answer).toMatchObject({ orderId, status: 'forwarded', total: clientTotal });
    const stored_ = await stored(orderId);
    expect(stored_.cod).toMatchObject({
      advance: { amount: FEE },
      confirmation: { state: 'confirmed', via: 'advance' },
    });
    expect(await localBookings().read(orderId)).toMatchObject({
      payment_mode: 'COD',
      cod_amount: clientTotal - FEE,
      total_amount: clientTotal,
    });

    const page = await view(orderId, answer.key ?? '');
    expect(page).toMatchObject({ advance: FEE, paymentStatus: `₹150 paid, ₹${clientTotal - FEE} on delivery` });
    const row = await sheetRow(orderId);
    expect(row?.['Payment Status']).toBe(`Advance ₹150 paid; ₹${clientTotal - FEE} on delivery`);
    expect(row?.Status).toBe('Booked');
    const link = new URL(row?.Label ?? '');
    const labelPage = await label(new Request(`http://localhost${link.pathname}${link.search}`), {
      params: { orderId },
    } as never);
    expect(await labelPage.text()).toContain(`COLLECT ₹${clientTotal - FEE}`);
  });

  it('records the fee paid twice for refund, and books once', async () => {
    const { orderId, order, clientTotal } = await createAdvance();
    const first = await payAndComplete(orderId, order.id);
    const second = await payAndComplete(orderId, order.id);
    const stored_ = await stored(orderId);
    expect(stored_.razorpay?.paymentId).toBe(first.payment.razorpay_payment_id);
    expect(stored_.refunds).toEqual([
      expect.objectContaining({ paymentId: second.payment.razorpay_payment_id, amountPaise: FEE * 100 }),
    ]);
    expect(stored_.forwards.shipment).toMatchObject({ status: 'done', attempts: 1 });
    expect((await localBookings().read(orderId))?.cod_amount).toBe(clientTotal - FEE);
    expect((await sheetRow(orderId))?.Status).toMatch(/^Needs refund: paid again by pay_/);
  });

  it('expires when the fee is never paid, and books nothing', async () => {
    const { orderId } = await createAdvance();
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 16 * 60 * 1000 });
    try {
      await reconcileOrders();
    } finally {
      vi.useRealTimers();
    }
    expect(await stored(orderId)).toMatchObject({ status: 'expired' });
    expect(await localBookings().read(orderId)).toBeUndefined();
  });

  it('refunds the ₹150 when cancelled before pickup', async () => {
    const { orderId, order } = await createAdvance();
    const { answer, payment } = await payAndComplete(orderId, order.id);
    const cancelled = await postJson(
      cancelOrderFunction,
      `/api/orders/${orderId}/cancel`,
      { key: answer.key, reason: 'ordered-by-mistake' },
      { params: { orderId } },
    );
    expect(cancelled.status).toBe(200);
    const stored_ = await stored(orderId);
    expect(stored_.status).toBe('cancelled');
    expect(stored_.issuedRefunds).toEqual([
      expect.objectContaining({
        key: `${orderId}-cancelled-1`,
        paymentId: payment.razorpay_payment_id,
        amountPaise: FEE * 100,
      }),
    ]);
    expect((await view(orderId, answer.key ?? '')).paymentStatus).toMatch(
      /^Refund of ₹150 on its way$|^Refunded ₹150$/,
    );
  });
});
