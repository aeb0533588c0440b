/**
 * POST /api/staff/action and the development page's /api/dev/staff at the HTTP boundary
 * (docs/shop-rules.md §10 rule 15, docs/security.md "Staff actions"): a request signed with the
 * staff secret, fresh and never seen acts; an unsigned, mis-signed, stale or replayed one is
 * refused and changes nothing; production without the secret answers 503 and never takes the
 * local secret; the development page signs with the local secret through the same checks, and is
 * not there in production.
 */

import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { staffStatusLabel } from '#shop/order-engine/index.ts';
import { text } from '#shop/texts/server.ts';
import devStaff from '../../netlify/functions/dev-staff.mts';
import staffAction from '../../netlify/functions/staff-action.mts';
import { staffSignature } from '../../netlify/lib/orders/staff-request.ts';
import { database } from '../../netlify/lib/platform/database.ts';
import { markLocalMachine } from '../../netlify/lib/platform/local-machine.ts';
import { localGatewaySecret } from '../../netlify/lib/razorpay/local-gateway.ts';
import { devStaffOrdersSchema, errorEnvelopeSchema, staffActionResponseSchema } from '../../src/shop/schemas/index.ts';
import { functionsLog } from '../support/database.ts';
import { functionSandbox } from '../support/functions.ts';
import { ordersOverHttp, postJson } from '../support/orders.ts';
import { change, parcelOf } from '../support/parcels.ts';

const _sandbox = functionSandbox('staff-action', [
  'RAZORPAY_KEY_ID',
  'RAZORPAY_KEY_SECRET',
  'DELHIVERY_TOKEN',
  'CONTEXT',
  'STAFF_ACTION_SECRET',
]);

const SECRET = 'a-staff-secret-the-apps-script-shares-0123456789';
const secretFile = path.join(mkdtempSync(path.join(tmpdir(), 'ouo-staff-')), 'staff-action.secret');
beforeEach(() => {
  vi.stubEnv('STAFF_ACTION_SECRET_FILE', secretFile);
});

// From the clock too, 7,000,000 ids past cancel-order.test.ts's start, so the two never share one.
const { codOrder, paidOrder, stored } = ordersOverHttp(Date.now() + 7_000_000);

/**
 * A COD order placed, booked and delivered (its parcel moved on as the parcel sync stores it), so
 * `COD received`, the body's default action, is taken (docs/shop-rules.md §10 rule 15).
 */
async function deliveredCodOrder(): Promise<{ orderId: string }> {
  const { orderId } = await codOrder();
  const at = new Date().toISOString();
  await functionsLog().update(orderId, (order) => ({
    ...order,
    parcel: parcelOf(change('delivered', at)),
  }));
  return { orderId };
}

const body = (orderId: string, overrides: Record<string, unknown> = {}) =>
  JSON.stringify({ id: randomUUID(), orderId, action: 'cod-received', at: new Date().toISOString(), ...overrides });

/** Posts `raw` signed with the staff secret, or with the given header (null: none). */
const send = (raw: string, signature: string | null = staffSignature(SECRET, raw)) =>
  postJson(staffAction, '/api/staff/action', raw, {
    headers: signature === null ? {} : { 'X-Shop-Signature': signature },
  });

const refusal = async (answer: Response) => errorEnvelopeSchema.parse(await answer.json()).error;

describe('POST /api/staff/action', () => {
  beforeEach(() => {
    vi.stubEnv('STAFF_ACTION_SECRET', SECRET);
  });

  it('acts on a request signed with the staff secret, and answers the words for Status', async () => {
    const { orderId } = await deliveredCodOrder();
    const answer = await send(body(orderId));
    expect(answer.status).toBe(200);
    expect(staffActionResponseSchema.parse(await answer.json())).toEqual({
      ok: true,
      result: text('staff.codReceived'),
    });
    expect((await stored(orderId)).codReceived).toBeDefined();
  });

  it('refuses COD received on a COD order not delivered yet (409), with its Status, changing nothing', async () => {
    const { orderId } = await codOrder();
    const before = await stored(orderId);
    const answer = await send(body(orderId));
    expect(answer.status).toBe(409);
    expect(await refusal(answer)).toEqual({
      code: 'STAFF_ACTION_REFUSED',
      message: text('staff.codNotDelivered', { status: staffStatusLabel(before) }),
    });
    expect(await stored(orderId)).toEqual(before);
  });

  it('refuses a signed body that is not JSON (400) or not a staff action (422), in the shop’s words', async () => {
    const notJson = await send('{"orderId": ');
    expect(notJson.status).toBe(400);
    const { orderId } = await deliveredCodOrder();
    const odd = await send(body(orderId, { action: 'give-it-away' }));
    expect(odd.status).toBe(422);
    expect((await refusal(odd)).code).toBe('VALIDATION_FAILED');
    expect((await stored(orderId)).codReceived).toBeUndefined();
  });

  it('refuses a missing, malformed or wrong signature (401) and changes nothing', async () => {
    const { orderId } = await deliveredCodOrder();
    const raw = body(orderId);
    for (const signature of [
      null,
      '',
      'sha256=xyz',
      staffSignature(SECRET, raw).replace('sha256=', ''),
      staffSignature('another-secret', raw),
      staffSignature(SECRET, body(orderId)), // signed for another body
    ]) {
      const answer = await send(raw, signature);
      expect(answer.status).toBe(401);
      expect(await refusal(answer)).toEqual({ code: 'STAFF_SIGNATURE_INVALID', message: text('staff.badSignature') });
    }
    expect((await stored(orderId)).codReceived).toBeUndefined();
  });

  it('refuses a request more than 5 minutes old or ahead (401) and changes nothing', async () => {
    const { orderId } = await deliveredCodOrder();
    for (const minutes of [-6, 6]) {
      const answer = await send(body(orderId, { at: new Date(Date.now() + minutes * 60_000).toISOString() }));
      expect(answer.status).toBe(401);
      expect(await refusal(answer)).toEqual({ code: 'STAFF_REQUEST_STALE', message: text('staff.stale') });
    }
    expect((await stored(orderId)).codReceived).toBeUndefined();
  });

  it('refuses a replayed id (409): a refund asked twice with one id is made once', async () => {
    const { orderId } = await paidOrder();
    const raw = body(orderId, { action: 'refund', amount: 100 });
    const answers = await Promise.all([send(raw), send(raw)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const replayed = answers.find((answer) => answer.status === 409) as Response;
    expect(await refusal(replayed)).toEqual({ code: 'STAFF_REQUEST_REPLAYED', message: text('staff.replayed') });
    expect((await stored(orderId)).issuedRefunds).toEqual([
      expect.objectContaining({ key: `${orderId}-staff-1`, amountPaise: 10_000 }),
    ]);
  });

  it('answers an unknown order 404 and more than was paid 409, in words for staff', async () => {
    const unknown = await send(body('OUO_1799999999998'));
    expect(unknown.status).toBe(404);
    expect((await refusal(unknown)).message).toBe(text('staff.unknownOrder', { orderId: 'OUO_1799999999998' }));
    const { orderId } = await paidOrder();
    const tooMuch = await send(body(orderId, { action: 'refund', amount: 5000 }));
    expect(tooMuch.status).toBe(409);
    expect(await refusal(tooMuch)).toEqual({
      code: 'STAFF_ACTION_REFUSED',
      message: text('staff.moreThanLeft', { amount: '₹5,000', left: '₹784' }),
    });
  });

  it('refuses a browser post from another site (403)', async () => {
    const { orderId } = await deliveredCodOrder();
    const raw = body(orderId);
    const answer = await postJson(staffAction, '/api/staff/action', raw, {
      headers: { 'X-Shop-Signature': staffSignature(SECRET, raw), Origin: 'https://evil.example' },
    });
    expect(answer.status).toBe(403);
  });
});

describe('the staff secret in production', () => {
  it('answers 503 without STAFF_ACTION_SECRET, even with a local secret on disk', async () => {
    const local = localGatewaySecret(secretFile);
    vi.stubEnv('CONTEXT', 'production');
    const raw = body('OUO_1799999999997');
    const answer = await send(raw, staffSignature(local, raw));
    expect(answer.status).toBe(503);
    expect(await refusal(answer)).toEqual({ code: 'NOT_CONFIGURED', message: text('staff.notConfigured') });
  });

  it('refuses a request signed with the local secret (401)', async () => {
    const { orderId } = await deliveredCodOrder();
    const local = localGatewaySecret(secretFile);
    vi.stubEnv('CONTEXT', 'production');
    vi.stubEnv('STAFF_ACTION_SECRET', SECRET);
    const raw = body(orderId);
    const answer = await send(raw, staffSignature(local, raw));
    expect(answer.status).toBe(401);
    expect((await stored(orderId)).codReceived).toBeUndefined();
  });
});

describe('/api/dev/staff (development only)', () => {
  const get = () => devStaff(new Request('http://localhost/api/dev/staff'));

  it.each(['dev', 'deploy-preview', 'branch-deploy', 'production'])(
    'is not there on a deploy (404), in context %s with nothing real configured (issue 46)',
    async (context) => {
      markLocalMachine(false);
      vi.stubEnv('CONTEXT', context);
      expect((await get()).status).toBe(404);
      const answer = await postJson(devStaff, '/api/dev/staff', {
        orderId: 'OUO_1799999999996',
        action: 'refund',
        amount: 5,
      });
      expect(answer.status).toBe(404);
    },
  );

  it('is not there in production (404), for GET and POST', async () => {
    vi.stubEnv('CONTEXT', 'production');
    expect((await get()).status).toBe(404);
    const answer = await postJson(devStaff, '/api/dev/staff', { orderId: 'OUO_1799999999996', action: 'cancel' });
    expect(answer.status).toBe(404);
  });

  it('lists the orders, and a refund through it (signed with the local secret) shows on the order', async () => {
    const { orderId } = await paidOrder();
    const listed = devStaffOrdersSchema.parse(await (await get()).json());
    expect(listed.orders).toContainEqual(expect.objectContaining({ orderId, mode: 'prepaid', total: 784 }));
    const answer = await postJson(devStaff, '/api/dev/staff', { orderId, action: 'refund', amount: 250 });
    expect(answer.status).toBe(200);
    expect(staffActionResponseSchema.parse(await answer.json()).result).toMatch(/^Refund of ₹250 made/);
    expect((await stored(orderId)).issuedRefunds).toEqual([
      expect.objectContaining({ key: `${orderId}-staff-1`, amountPaise: 25_000, purpose: 'staff' }),
    ]);
    // The dev page's request went through the signed endpoint's checks: its id was remembered.
    const remembered = await database().query(
      "select event_id from webhook_events where event_id like 'staff-action-%'",
    );
    expect(remembered.length).toBeGreaterThan(0);
  });
});
