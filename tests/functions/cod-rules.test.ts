/**
 * The COD rules at the HTTP boundary (docs/shop-rules.md §7, §10 rule 17): POST
 * /api/checkout/cod-options answers the outcome and its sentence for what the shopper typed;
 * process-cod refuses plain COD the rules do not allow (422 `COD_NOT_ALLOWED`, the same sentence)
 * and records nothing; orders cancelled on their pages with their keys, which anyone can place
 * and cancel with a stranger's phone, leave that phone's COD as it was (issue 46).
 */
import { readFile } from 'node:fs/promises';
import { describe, expect, it, vi } from 'vitest';
import { ordersCsv } from '#tests/support/sheets.ts';
import cancelOrderFunction from '../../netlify/functions/cancel-order.mts';
import codOptionsFunction from '../../netlify/functions/cod-options.mts';
import processCod from '../../netlify/functions/process-cod.mts';

import { codOptionsResponseSchema, errorEnvelopeSchema } from '../../src/shop/schemas/index.ts';
import { text } from '../../src/shop/texts/server.ts';
import { makeCustomer } from '../support/factories.ts';
import { functionSandbox } from '../support/functions.ts';
import { codRequest, ordersOverHttp, postJson, rajma } from '../support/orders.ts';

const sandbox = functionSandbox('cod-rules', ['DELHIVERY_TOKEN', 'CONTEXT']);
const { newId, total, stored } = ordersOverHttp(Date.now());

const ask = (delivery: Record<string, unknown>, lines: unknown = rajma) =>
  postJson(codOptionsFunction, '/api/checkout/cod-options', { lines, delivery });

const delivery = (overrides = {}) => {
  const { name: _name, email: _email, ...rest } = makeCustomer(overrides);
  return rest;
};

describe('POST /api/checkout/cod-options', () => {
  it('answers allow for a real address, and the sentence for one to fix', async () => {
    const allowed = await ask(delivery());
    expect(allowed.status).toBe(200);
    expect(codOptionsResponseSchema.parse(await allowed.json())).toEqual({ outcome: 'allow', message: null });

    const gibberish = await ask(delivery({ address1: 'asdf', address2: '', state: 'Kerala' }));
    expect(await gibberish.json()).toEqual({
      outcome: 'allow_with_advance',
      message: text('cod.stateMismatch', { pincode: '248001' }),
    });
  });

  it.each([
    ['a phone that is not one', { ...delivery(), phone: '12345' }, text('forms.phone')],
    ['no address', { ...delivery(), address1: '' }, text('forms.required')],
    ['a pincode of five digits', { ...delivery(), pincode: '24800' }, text('forms.pincode')],
  ])('refuses %s (422 VALIDATION_FAILED)', async (_case, body, message) => {
    const answer = await ask(body);
    expect(answer.status).toBe(422);
    const { error } = errorEnvelopeSchema.parse(await answer.json());
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.issues?.map((issue) => issue.message)).toContain(message);
  });

  it('refuses a cart without lines, and any method but POST', async () => {
    expect((await ask(delivery(), [])).status).toBe(422);
    const get = await codOptionsFunction(new Request('http://localhost/api/checkout/cod-options'));
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
  });
});

describe('a COD order the rules do not allow, over HTTP', () => {
  it('is refused with the sentence the checkout shows, and nothing is recorded', async () => {
    const orderId = newId();
    const customer = makeCustomer({ address1: 'Flat 3', address2: '' });
    const answer = await postJson(
      processCod,
      '/api/checkout/process-cod',
      codRequest(orderId, { customer, clientTotal: await total('cod') }),
    );
    expect(answer.status).toBe(422);
    expect(await answer.json()).toEqual({ error: { code: 'COD_NOT_ALLOWED', message: text('cod.address') } });
    expect(await stored(orderId)).toBeUndefined();
    const sheet = await readFile(ordersCsv(sandbox.sheetsDir()), 'utf8').catch(() => '');
    expect(sheet).not.toContain(orderId);
  });
});

describe("with the phone's history kept", () => {
  it("three COD orders cancelled with their keys leave the phone's COD as it was, and its owner's next COD order is taken (issue 46)", async () => {
    vi.stubEnv('COD_PHONE_HISTORY', 'on');
    const phone = `9${String(Date.now()).slice(-9)}`;
    // Anyone can: any name and address with that phone, and the key each order's page is given.
    for (const reason of ['ordered-by-mistake', 'found-cheaper', 'other']) {
      const orderId = newId();
      const customer = makeCustomer({ phone, name: 'Not The Owner', address1: '7 Some Other Lane' });
      const placed = await postJson(
        processCod,
        '/api/checkout/process-cod',
        codRequest(orderId, { customer, clientTotal: await total('cod') }),
      );
      expect(placed.status).toBe(201);
      const { key } = (await placed.json()) as { key: string };
      const cancelled = await postJson(
        cancelOrderFunction,
        `/api/orders/${orderId}/cancel`,
        { key, reason },
        { params: { orderId } },
      );
      expect(cancelled.status).toBeLessThan(300);
      expect((await stored(orderId)).status).toBe('cancelled');
    }

    expect(await (await ask(delivery({ phone }))).json()).toEqual({ outcome: 'allow', message: null });
    const owners = await postJson(
      processCod,
      '/api/checkout/process-cod',
      codRequest(newId(), { customer: makeCustomer({ phone }), clientTotal: await total('cod') }),
    );
    expect(owners.status).toBe(201);
  });
});
