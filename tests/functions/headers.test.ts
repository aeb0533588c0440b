/**
 * Every function's answers, successes and errors alike, carry `X-Content-Type-Options: nosniff`
 * and `Cache-Control: no-store` (docs/shop-rules.md §7): no browser or CDN keeps an order, a
 * payment or a review answer. And, since Netlify's page headers never reach a function's answer,
 * their own `Content-Security-Policy: default-src 'none'; frame-ancestors 'none'` and
 * `X-Frame-Options: DENY` (docs/security.md). Each function is called as Netlify calls it, on the local defaults
 * with Blobs on Netlify's local server; the list must name every file in netlify/functions.
 */

import { randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { encodeSignatureHeader, SIGNATURE_HEADER_NAME } from '@sanity/webhook';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import calculateShipping from '../../netlify/functions/calculate-shipping.mts';
import cancelOrder from '../../netlify/functions/cancel-order.mts';
import codOptions from '../../netlify/functions/cod-options.mts';
import contact from '../../netlify/functions/contact.mts';
import contentPublished from '../../netlify/functions/content-published.mts';
import createOrder from '../../netlify/functions/create-order.mts';
import devStaff from '../../netlify/functions/dev-staff.mts';
import devWhatsApp from '../../netlify/functions/dev-whatsapp.mts';
import emailWebhook from '../../netlify/functions/email-webhook.mts';
import health from '../../netlify/functions/health.mts';
import invoice from '../../netlify/functions/invoice.mts';
import label from '../../netlify/functions/label.mts';
import localGateway from '../../netlify/functions/local-gateway.mts';
import orderView from '../../netlify/functions/order-view.mts';
import pincode from '../../netlify/functions/pincode.mts';
import processCod from '../../netlify/functions/process-cod.mts';
import processPrepaid from '../../netlify/functions/process-prepaid.mts';
import razorpayWebhook from '../../netlify/functions/razorpay-webhook.mts';
import rebuildContent from '../../netlify/functions/rebuild-content.mts';
import reconcileOrders from '../../netlify/functions/reconcile-orders.mts';
import requestPickup from '../../netlify/functions/request-pickup.mts';
import reviews from '../../netlify/functions/reviews.mts';
import sheetSync from '../../netlify/functions/sheet-sync.mts';
import staffAction from '../../netlify/functions/staff-action.mts';
import syncParcels from '../../netlify/functions/sync-parcels.mts';
import track from '../../netlify/functions/track.mts';
import verifyPayment from '../../netlify/functions/verify-payment.mts';
import whatsappWebhook from '../../netlify/functions/whatsapp-webhook.mts';
import { INVOICE_PAGE_POLICY } from '../../netlify/lib/invoices/invoice-html.ts';
import { LABEL_PAGE_POLICY } from '../../netlify/lib/labels/label-html.ts';
import { labelLinkSecret, labelUrl } from '../../netlify/lib/labels/link.ts';
import { staffActionSecret, staffSignature } from '../../netlify/lib/orders/staff-request.ts';
import { readServerEnv } from '../../netlify/lib/platform/env.ts';
import { hmacHex } from '../../netlify/lib/razorpay/signature.ts';
import { createPaymentOrderResponseSchema, localGatewayPayResponseSchema } from '../../src/shop/schemas/index.ts';
import { functionsLog } from '../support/database.ts';
import { makeCustomer } from '../support/factories.ts';
import { FAKE_RESEND, signResendWebhook } from '../support/fake-resend.ts';
import { functionSandbox } from '../support/functions.ts';
import { makeInvoice } from '../support/invoices.ts';
import { change, parcelOf } from '../support/parcels.ts';

const post = (urlPath: string, body: unknown, headers: Record<string, string> = {}) =>
  new Request(`http://localhost${urlPath}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
const other = (urlPath: string, method: string) => new Request(`http://localhost${urlPath}`, { method });

let orderCounter = 1_734_000_000_000;
function newOrderId(): string {
  orderCounter += 1;
  return `OUO_${orderCounter}`;
}
const lines = [{ productId: 5, size: '1kg', quantity: 1 }];

functionSandbox('headers', [
  'CONTEXT',
  'RAZORPAY_KEY_ID',
  'RAZORPAY_KEY_SECRET',
  'RAZORPAY_WEBHOOK_SECRET',
  'DELHIVERY_TOKEN',
  'SHEET_ID',
]);
beforeEach(() => {
  vi.spyOn(console, 'log').mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

/** The server's own total for the lines, as the checkout page asks for it first. */
async function quote(paymentMode: 'cod' | 'prepaid'): Promise<number> {
  const response = await calculateShipping(
    post('/api/delhivery/calculate-shipping', { lines, pincode: '248001', paymentMode }),
  );
  return (await response.json()).total;
}

/** A test payment paid through the local gateway: what process-prepaid completes. */
async function paidTestPayment() {
  const orderId = newOrderId();
  const body = { orderId, customer: makeCustomer(), lines, clientTotal: await quote('prepaid') };
  const created = createPaymentOrderResponseSchema.parse(
    await (await createOrder(post('/api/razorpay/create-order', body))).json(),
  );
  const paid = localGatewayPayResponseSchema.parse(
    await (
      await localGateway(post('/api/local-gateway/pay', { razorpay_order_id: created.order.id, outcome: 'success' }))
    ).json(),
  );
  if ('error' in paid) throw new Error('the test payment failed');
  return { orderId: created.orderId, ...paid };
}

/** A COD order as the checkout places it: its id and the key of its page. */
async function placedCodOrder(): Promise<{ orderId: string; key: string }> {
  const body = {
    orderId: newOrderId(),
    customer: makeCustomer(),
    lines,
    paymentMode: 'cod',
    clientTotal: await quote('cod'),
  };
  return (await processCod(post('/api/checkout/process-cod', body))).json();
}

const review = {
  productId: 3,
  name: 'Asha',
  email: 'asha@example.com',
  rating: 5,
  review: 'Lovely.',
  submissionId: 'headers-review-0001',
};
const message = {
  name: 'Ravi',
  email: 'ravi@example.com',
  subject: 'Bulk',
  message: 'Hello',
  submissionId: 'headers-contact-0001',
};

/** A placed COD order's label, through its signed link (the Sheet's `Label`). */
async function openLabel(expiresInDays: number) {
  const { orderId } = await placedCodOrder();
  const link = new URL(
    labelUrl(
      'http://localhost',
      orderId,
      new Date(Date.now() + expiresInDays * 86_400_000),
      labelLinkSecret(readServerEnv()) ?? '',
    ),
  );
  return label(other(`${link.pathname}${link.search}`, 'GET'), { params: { orderId } });
}

/** A placed COD order's invoice (written on its record as issuing writes it), as a page or a PDF. */
async function openInvoice(file: 'invoice' | 'invoice.pdf') {
  const { orderId, key } = await placedCodOrder();
  await functionsLog().update(orderId, (order) => ({
    ...order,
    invoice: makeInvoice({ orderId }),
  }));
  return invoice(other(`/orders/${orderId}/${file}?key=${key}`, 'GET'), { params: { orderId } });
}

/** Per function file: calls that answer 2xx and calls that answer an error; `policy` where a function answers a page of its own. */
type Call = () => Promise<Response>;
const CASES: Record<string, { success: Call[]; error: Call[]; policy?: string }> = {
  'calculate-shipping': {
    success: [
      () =>
        calculateShipping(post('/api/delhivery/calculate-shipping', { lines, pincode: '248001', paymentMode: 'cod' })),
    ],
    error: [
      () => calculateShipping(other('/api/delhivery/calculate-shipping', 'GET')),
      () => calculateShipping(post('/api/delhivery/calculate-shipping', {}, { 'Content-Type': 'text/plain' })),
    ],
  },
  'cod-options': {
    success: [
      () =>
        codOptions(
          post('/api/checkout/cod-options', {
            lines,
            delivery: { phone: '9876543210', address1: '12 Mall Road', pincode: '248001', state: 'Uttarakhand' },
          }),
        ),
    ],
    error: [
      () => codOptions(post('/api/checkout/cod-options', {})),
      () => codOptions(other('/api/checkout/cod-options', 'GET')),
    ],
  },
  contact: {
    success: [() => contact(post('/api/contact', message))],
    error: [
      () => contact(post('/api/contact', message, { Origin: 'https://evil.example' })),
      () => contact(post('/api/contact', { ...message, email: 'x' })),
    ],
  },
  'create-order': {
    success: [
      async () =>
        createOrder(
          post('/api/razorpay/create-order', {
            orderId: newOrderId(),
            customer: makeCustomer(),
            lines,
            clientTotal: await quote('prepaid'),
          }),
        ),
    ],
    error: [
      () =>
        createOrder(
          post('/api/razorpay/create-order', {
            orderId: newOrderId(),
            customer: makeCustomer(),
            lines,
            clientTotal: 1,
          }),
        ),
    ],
  },
  health: {
    success: [() => health(other('/api/health', 'GET'))],
    error: [() => health(other('/api/health', 'POST'))],
  },
  label: {
    success: [() => openLabel(1)],
    error: [
      () => openLabel(-1),
      () => label(other('/api/label/OUO_1734000000000', 'GET'), { params: { orderId: 'OUO_1734000000000' } }),
      () => label(other('/api/label/OUO_1734000000000', 'DELETE'), { params: { orderId: 'OUO_1734000000000' } }),
    ],
    policy: LABEL_PAGE_POLICY,
  },
  invoice: {
    success: [() => openInvoice('invoice'), () => openInvoice('invoice.pdf')],
    error: [
      () =>
        invoice(other(`/orders/OUO_1734000000000/invoice?key=${'0'.repeat(32)}`, 'GET'), {
          params: { orderId: 'OUO_1734000000000' },
        }),
      () => invoice(other('/orders/OUO_1734000000000/invoice', 'PUT'), { params: { orderId: 'OUO_1734000000000' } }),
    ],
    policy: INVOICE_PAGE_POLICY,
  },
  'local-gateway': {
    success: [
      async () => {
        const body = { orderId: newOrderId(), customer: makeCustomer(), lines, clientTotal: await quote('prepaid') };
        const created = await (await createOrder(post('/api/razorpay/create-order', body))).json();
        return localGateway(
          post('/api/local-gateway/pay', { razorpay_order_id: created.order.id, outcome: 'success' }),
        );
      },
    ],
    error: [
      () => localGateway(post('/api/local-gateway/pay', { razorpay_order_id: 'order_none', outcome: 'success' })),
    ],
  },
  pincode: {
    success: [() => pincode(other('/api/pincode/248001', 'GET'), { params: { pin: '248001' } })],
    error: [() => pincode(other('/api/pincode/0123', 'GET'), { params: { pin: '0123' } })],
  },
  'order-view': {
    success: [
      async () => {
        const placed = await placedCodOrder();
        return orderView(other(`/api/orders/${placed.orderId}?key=${placed.key}`, 'GET'), {
          params: { orderId: placed.orderId },
        });
      },
    ],
    error: [
      () =>
        orderView(other('/api/orders/OUO_1734000000000?key=x', 'GET'), { params: { orderId: 'OUO_1734000000000' } }),
    ],
  },
  'cancel-order': {
    success: [
      async () => {
        const placed = await placedCodOrder();
        return cancelOrder(post(`/api/orders/${placed.orderId}/cancel`, { key: placed.key, reason: 'other' }), {
          params: { orderId: placed.orderId },
        });
      },
    ],
    error: [
      () =>
        cancelOrder(post('/api/orders/OUO_1734000000000/cancel', { key: '0'.repeat(32), reason: 'other' }), {
          params: { orderId: 'OUO_1734000000000' },
        }),
    ],
  },
  track: {
    success: [
      async () => {
        const placed = await placedCodOrder();
        return track(post('/api/track', { orderId: placed.orderId, phone: makeCustomer().phone }));
      },
    ],
    error: [() => track(post('/api/track', { orderId: 'OUO_1734000000000', phone: '9876543210' }))],
  },
  'process-cod': {
    success: [
      async () =>
        processCod(
          post('/api/checkout/process-cod', {
            orderId: newOrderId(),
            customer: makeCustomer(),
            lines,
            paymentMode: 'cod',
            clientTotal: await quote('cod'),
          }),
        ),
    ],
    error: [() => processCod(post('/api/checkout/process-cod', {})), () => processCod(other('/api/x', 'PUT'))],
  },
  'process-prepaid': {
    success: [async () => processPrepaid(post('/api/checkout/process-prepaid', await paidTestPayment()))],
    error: [
      () =>
        processPrepaid(
          post('/api/checkout/process-prepaid', {
            orderId: newOrderId(),
            razorpay_order_id: 'order_x',
            razorpay_payment_id: 'pay_x',
            razorpay_signature: 'nope',
          }),
        ),
    ],
  },
  'razorpay-webhook': {
    success: [
      () => {
        vi.stubEnv('RAZORPAY_KEY_ID', 'rzp_test_key');
        vi.stubEnv('RAZORPAY_KEY_SECRET', 'test_key_secret');
        vi.stubEnv('RAZORPAY_WEBHOOK_SECRET', 'hook_secret');
        const body = JSON.stringify({
          event: 'order.paid',
          payload: {
            payment: {
              entity: { id: 'pay_h', order_id: 'order_h', amount: 100, currency: 'INR', status: 'captured' },
            },
          },
        });
        return razorpayWebhook(
          post('/api/razorpay/webhook', body, { 'X-Razorpay-Signature': hmacHex('hook_secret', body) }),
        );
      },
    ],
    error: [() => razorpayWebhook(post('/api/razorpay/webhook', '{}'))],
  },
  'email-webhook': {
    success: [
      () => {
        vi.stubEnv('RESEND_WEBHOOK_SECRET', FAKE_RESEND.webhookSecret);
        const body = JSON.stringify({ type: 'email.delivered', data: {} });
        return emailWebhook(post('/api/email/webhook', body, signResendWebhook(body, { id: 'msg_headers' })));
      },
    ],
    error: [() => emailWebhook(post('/api/email/webhook', '{}'))],
  },
  'whatsapp-webhook': {
    success: [
      () => {
        vi.stubEnv('WHATSAPP_VERIFY_TOKEN', 'verify-me');
        return whatsappWebhook(
          new Request(
            'http://localhost/api/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=verify-me&hub.challenge=42',
          ),
        );
      },
    ],
    error: [() => whatsappWebhook(post('/api/whatsapp/webhook', '{}'))],
  },
  'reconcile-orders': { success: [() => reconcileOrders()], error: [] },
  'sync-parcels': { success: [() => syncParcels()], error: [] },
  'rebuild-content': { success: [() => rebuildContent()], error: [] },
  'request-pickup': { success: [() => requestPickup()], error: [] },
  'sheet-sync': { success: [() => sheetSync()], error: [] },
  'content-published': {
    success: [
      async () => {
        const body = JSON.stringify({ _id: 'product-3', _type: 'product' });
        const secret = 'headers-webhook-secret';
        process.env.SANITY_WEBHOOK_SECRET = secret;
        try {
          const signature = await encodeSignatureHeader(body, Date.now(), secret);
          return await contentPublished(
            new Request('http://localhost/api/content-published', {
              method: 'POST',
              headers: { [SIGNATURE_HEADER_NAME]: signature },
              body,
            }),
          );
        } finally {
          delete process.env.SANITY_WEBHOOK_SECRET;
        }
      },
    ],
    // No secret set: every call is refused; a GET is not allowed.
    error: [
      () => contentPublished(post('/api/content-published', { _id: 'x', _type: 'y' })),
      () => contentPublished(other('/api/content-published', 'GET')),
    ],
  },
  reviews: {
    success: [
      () => reviews(other('/api/reviews?product=3', 'GET')),
      () => reviews(other('/api/reviews', 'GET')),
      () => reviews(post('/api/reviews', review)),
    ],
    error: [
      () => reviews(other('/api/reviews', 'DELETE')),
      () => reviews(post('/api/reviews', review, { 'Content-Type': 'text/plain' })),
      () => reviews(post('/api/reviews', { ...review, productId: 99 })),
    ],
  },
  'staff-action': {
    success: [
      async () => {
        const { orderId } = await placedCodOrder();
        // COD received is taken on a delivered order only (docs/shop-rules.md §10 rule 15).
        await functionsLog().update(orderId, (order) => ({
          ...order,
          parcel: parcelOf(change('delivered', new Date().toISOString())),
        }));
        const raw = JSON.stringify({ id: randomUUID(), orderId, action: 'cod-received', at: new Date().toISOString() });
        const signature = staffSignature(staffActionSecret(readServerEnv()) ?? '', raw);
        return staffAction(post('/api/staff/action', raw, { 'X-Shop-Signature': signature }));
      },
    ],
    error: [
      () => staffAction(post('/api/staff/action', { id: randomUUID() })),
      () => staffAction(other('/api/staff/action', 'GET')),
    ],
  },
  'dev-staff': {
    success: [() => devStaff(other('/api/dev/staff', 'GET'))],
    error: [
      () => devStaff(post('/api/dev/staff', { action: 'refund' })),
      () => devStaff(other('/api/dev/staff', 'DELETE')),
    ],
  },
  'dev-whatsapp': {
    success: [() => devWhatsApp(other('/api/dev/whatsapp', 'GET'))],
    error: [
      () => devWhatsApp(post('/api/dev/whatsapp', { kind: 'tap' })),
      () => devWhatsApp(other('/api/dev/whatsapp', 'DELETE')),
    ],
  },
  'verify-payment': {
    success: [
      () =>
        verifyPayment(
          post('/api/razorpay/verify-payment', {
            razorpay_order_id: 'order_x',
            razorpay_payment_id: 'pay_x',
            razorpay_signature: 'a'.repeat(64),
          }),
        ),
    ],
    error: [() => verifyPayment(post('/api/razorpay/verify-payment', {}, { 'Sec-Fetch-Site': 'cross-site' }))],
  },
};

function expectApiHeaders(response: Response, policy = "default-src 'none'; frame-ancestors 'none'") {
  expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  expect(response.headers.get('cache-control')).toBe('no-store');
  expect(response.headers.get('content-security-policy')).toBe(policy);
  expect(response.headers.get('x-frame-options')).toBe('DENY');
}

describe('function answers', () => {
  it('are listed here for every function in netlify/functions', async () => {
    const files = await readdir(path.resolve(import.meta.dirname, '../../netlify/functions'));
    const names = files.filter((file) => file.endsWith('.mts')).map((file) => file.replace(/\.mts$/, ''));
    expect(Object.keys(CASES).sort()).toEqual(names.sort());
  });

  describe.each(Object.entries(CASES))('%s', (_name, { success, error, policy }) => {
    it.each(success.map((run, index) => [index + 1, run] as const))(
      'success #%i carries nosniff, no-store and its own policy',
      async (_index, run) => {
        const response = await run();
        expect(response.status, await response.clone().text()).toBeLessThan(300);
        expectApiHeaders(response, policy);
      },
    );

    if (error.length > 0) {
      it.each(error.map((run, index) => [index + 1, run] as const))(
        'error #%i carries nosniff, no-store and its own policy',
        async (_index, run) => {
          const response = await run();
          expect(response.status).toBeGreaterThanOrEqual(400);
          expectApiHeaders(response, policy);
        },
      );
    }
  });
});
