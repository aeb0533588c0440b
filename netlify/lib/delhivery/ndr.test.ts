/**
 * Delhivery's NDR re-attempt against its documented request (`POST /api/p/update`,
 * `{ data: [{ waybill, act: 'RE-ATTEMPT' }] }`, token auth) and the answer integrations record:
 * 2xx `{ message, request_id }` (the UPL id) when queued. A 4xx is Delhivery saying no; 5xx, no
 * answer or no request id are said as such.
 */
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { server } from '#tests/support/msw.ts';
import { createDelhivery } from './client.ts';

const BASE = 'https://delhivery.test';
const URL_ = `${BASE}/api/p/update`;
const carrier = () => createDelhivery({ DELHIVERY_TOKEN: 'test-token', DELHIVERY_BASE_URL: BASE });
const requestSchema = z.strictObject({
  data: z.tuple([z.strictObject({ waybill: z.string().min(1), act: z.literal('RE-ATTEMPT') })]),
});

describe("Delhivery's NDR re-attempt", () => {
  it('asks for the waybill in the documented shape and keeps the UPL id Delhivery queued it under', async () => {
    const seen: unknown[] = [];
    server.use(
      http.post(URL_, async ({ request }) => {
        if (request.headers.get('authorization') !== 'Token test-token') return new HttpResponse(null, { status: 401 });
        const body = requestSchema.safeParse(await request.json());
        if (!body.success) return HttpResponse.json({ error: 'bad request' }, { status: 400 });
        seen.push(body.data);
        return HttpResponse.json({ message: 'request accepted', request_id: 'UPL70200521839149515' }, { status: 201 });
      }),
    );
    expect(await carrier().requestReattempt('1316311612345')).toEqual({ ok: true, requestId: 'UPL70200521839149515' });
    expect(seen).toEqual([{ data: [{ waybill: '1316311612345', act: 'RE-ATTEMPT' }] }]);
  });

  it('says when Delhivery refused it, did not answer, or answered no request id', async () => {
    server.use(http.post(URL_, () => HttpResponse.json({ error: 'Invalid act' }, { status: 400 })));
    expect(await carrier().requestReattempt('W1')).toMatchObject({ ok: false, code: 'REFUSED' });
    server.use(http.post(URL_, () => new HttpResponse(null, { status: 503 })));
    expect(await carrier().requestReattempt('W1')).toMatchObject({ ok: false, code: 'UNREACHABLE' });
    server.use(http.post(URL_, () => HttpResponse.json({ message: 'waybill not in pending state' })));
    expect(await carrier().requestReattempt('W1')).toMatchObject({
      ok: false,
      code: 'REFUSED',
      message: 'Delhivery answered no request id for W1: waybill not in pending state',
    });
    server.use(http.post(URL_, () => HttpResponse.json({ upl: 'UPL1' })));
    expect(await carrier().requestReattempt('W1')).toEqual({ ok: true, requestId: 'UPL1' });
  });

  it('is taken by the local carrier, and waits without a token in production', async () => {
    expect(await createDelhivery({ DELHIVERY_BASE_URL: BASE }).requestReattempt('SIM248001000000000001')).toEqual({
      ok: true,
      requestId: 'UPLSIM000000000001',
    });
    expect(
      await createDelhivery({ DELHIVERY_BASE_URL: BASE, CONTEXT: 'production' }).requestReattempt('W1'),
    ).toMatchObject({
      ok: false,
      code: 'NOT_CONFIGURED',
    });
  });
});
