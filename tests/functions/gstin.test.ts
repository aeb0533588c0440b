/**
 * The GSTIN of a business purchase at the HTTP boundary (issue 35, docs/shop-rules.md §5, §8):
 * process-cod and create-order parse the customer with the checkout's own schema, so a GSTIN the
 * checkout would refuse is refused in the same words (422 `VALIDATION_FAILED` at `customer.gstin`)
 * and nothing is recorded; a good one is stored on the order as the shop reads it.
 */
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ordersCsv } from '#tests/support/sheets.ts';
import createOrder from '../../netlify/functions/create-order.mts';
import processCod from '../../netlify/functions/process-cod.mts';
import { readCsv } from '../../src/content/sheet-csv.server.ts';

import { errorEnvelopeSchema, orderResponseSchema } from '../../src/shop/schemas/index.ts';
import { text } from '../../src/shop/texts/server.ts';
import { makeCustomer } from '../support/factories.ts';
import { functionSandbox } from '../support/functions.ts';
import { codRequest, ordersOverHttp, postJson, prepaidRequest } from '../support/orders.ts';

const sandbox = functionSandbox('gstin', ['RAZORPAY_KEY_ID', 'RAZORPAY_KEY_SECRET', 'DELHIVERY_TOKEN', 'CONTEXT']);
const { newId, total, stored } = ordersOverHttp(Date.now());

const placeCod = async (orderId: string, gstin: string | undefined) =>
  postJson(
    processCod,
    '/api/checkout/process-cod',
    codRequest(orderId, { customer: makeCustomer({ gstin }), clientTotal: await total('cod') }),
  );

/** The Orders tab's rows for an order (none when the tab was never written). */
async function sheetRows(orderId: string) {
  const file = ordersCsv(sandbox.sheetsDir());
  if (!existsSync(file)) return [];
  return (await readCsv(file)).filter((row) => row[0] === orderId);
}

describe('a GSTIN with the order', () => {
  it.each([
    ['a wrong check character', '27AAPFU0939F1ZW', text('gstin.problem.checksum')],
    ['a State code no State has', '99ABCDE1234F1ZP', text('gstin.problem.state')],
    ['14 characters', '27AAPFU0939F1Z', text('gstin.problem.length')],
  ])("refuses a COD order with %s, in the checkout's words, and records nothing", async (_case, gstin, message) => {
    const orderId = newId();
    const answer = await placeCod(orderId, gstin);
    expect(answer.status).toBe(422);
    const { error } = errorEnvelopeSchema.parse(await answer.json());
    expect(error).toEqual({
      code: 'VALIDATION_FAILED',
      message,
      issues: [{ path: 'customer.gstin', message }],
    });
    expect(await stored(orderId)).toBeUndefined();
    expect(await sheetRows(orderId)).toEqual([]);
  });

  it('refuses a payment order with a bad GSTIN before Razorpay is asked, and records nothing', async () => {
    const orderId = newId();
    const answer = await postJson(
      createOrder,
      '/api/razorpay/create-order',
      prepaidRequest(orderId, {
        customer: makeCustomer({ gstin: '27AAPFU0939F1ZW' }),
        clientTotal: await total('prepaid'),
      }),
    );
    expect(answer.status).toBe(422);
    expect(errorEnvelopeSchema.parse(await answer.json()).error.message).toBe(text('gstin.problem.checksum'));
    expect(await stored(orderId)).toBeUndefined();
  });

  it('stores a good one on the order as the shop reads it, and tells it from the same cart without one', async () => {
    const orderId = newId();
    const placed = await placeCod(orderId, ' 27aapfu 0939f1zv ');
    expect(placed.status).toBe(201);
    expect(orderResponseSchema.parse(await placed.json()).orderId).toBe(orderId);
    expect((await stored(orderId)).customer.gstin).toBe('27AAPFU0939F1ZV');
    expect(await sheetRows(orderId)).toHaveLength(1);

    // Sent again as typed: a retry, the same order.
    const again = await placeCod(orderId, '27AAPFU0939F1ZV');
    expect(again.status).toBe(200);
    expect(orderResponseSchema.parse(await again.json()).orderId).toBe(orderId);

    // The same cart under the same id for oneself: another invoice, so another order and id.
    const personal = await placeCod(orderId, undefined);
    expect(personal.status).toBe(201);
    const personalId = orderResponseSchema.parse(await personal.json()).orderId;
    expect(personalId).not.toBe(orderId);
    expect((await stored(personalId)).customer.gstin).toBeUndefined();
  });

  it('takes an empty field as no GSTIN', async () => {
    const orderId = newId();
    expect((await placeCod(orderId, '  ')).status).toBe(201);
    expect((await stored(orderId)).customer).not.toHaveProperty('gstin');
  });
});
