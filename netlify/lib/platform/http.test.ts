import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { PaymentsNotConfiguredError } from '../razorpay/gateway.ts';
import { errorResponse, guarded, methodNotAllowed, parseJsonBody } from './http.ts';

const schema = z.object({ name: z.string().min(1, 'Please enter your name') });
const post = (body: BodyInit, headers: Record<string, string> = {}) =>
  new Request('http://localhost/api/x', { method: 'POST', body, headers });

describe('parseJsonBody', () => {
  it('returns the parsed body', async () => {
    expect(await parseJsonBody(post('{"name":"Asha"}'), schema)).toEqual({ ok: true, data: { name: 'Asha' } });
  });

  it('answers 422 with the issues in the error envelope', async () => {
    const result = await parseJsonBody(post('{"name":""}'), schema);
    if (result.ok) throw new Error('expected a failure');
    expect(result.response.status).toBe(422);
    expect(await result.response.json()).toEqual({
      error: {
        code: 'VALIDATION_FAILED',
        message: 'Please enter your name',
        issues: [{ path: 'name', message: 'Please enter your name' }],
      },
    });
  });

  it('answers 400 for a body that is not JSON', async () => {
    const result = await parseJsonBody(post('{name'), schema);
    expect(result.ok ? 0 : result.response.status).toBe(400);
  });

  it('answers 413 for a 64 KB body, whether or not it declares its length', async () => {
    const big = JSON.stringify({ name: 'x'.repeat(64 * 1024) });
    const declared = await parseJsonBody(post(big, { 'content-length': String(big.length) }), schema);
    expect(declared.ok ? 0 : declared.response.status).toBe(413);
    const stream = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(big));
        controller.close();
      },
    });
    const undeclared = await parseJsonBody(
      new Request('http://localhost/api/x', { method: 'POST', body: stream, duplex: 'half' } as RequestInit),
      schema,
    );
    expect(undeclared.ok ? 0 : undeclared.response.status).toBe(413);
  });

  it('treats a missing body as an empty, invalid one', async () => {
    const result = await parseJsonBody(new Request('http://localhost/api/x', { method: 'POST' }), schema);
    expect(result.ok ? 0 : result.response.status).toBe(400);
  });
});

describe('error responses', () => {
  it('use one envelope', async () => {
    const response = errorResponse(409, 'TOTAL_MISMATCH', 'Prices have changed.');
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ error: { code: 'TOTAL_MISMATCH', message: 'Prices have changed.' } });
  });

  it('name the allowed methods', () => {
    const response = methodNotAllowed(['GET']);
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET');
  });
});

describe('guarded', () => {
  it("answers an unexpected failure with the endpoint's own message, never a stack", async () => {
    const response = await guarded({ name: 'reviews', message: 'The reviews could not be read right now.' }, () => {
      throw new Error('feed exploded at line 12');
    });
    expect(response.status).toBe(500);
    const body = await response.json();
    expect(body).toEqual({ error: { code: 'INTERNAL_ERROR', message: 'The reviews could not be read right now.' } });
    expect(JSON.stringify(body)).not.toMatch(/order|charged|line 12/i);
    expect(vi.mocked(console.error)).toHaveBeenCalledWith('reviews: unexpected failure', expect.any(Error));
    vi.mocked(console.error).mockClear();
  });

  it('answers 503 PAYMENTS_UNAVAILABLE when online payment is switched off here', async () => {
    const response = await guarded({ name: 'create-order', message: 'unused' }, () => {
      throw new PaymentsNotConfiguredError('no keys');
    });
    expect(response.status).toBe(503);
    expect((await response.json()).error.code).toBe('PAYMENTS_UNAVAILABLE');
    vi.mocked(console.error).mockClear();
  });

  it('passes a handler answer through untouched', async () => {
    const response = await guarded({ name: 'x', message: 'unused' }, async () => Response.json({ ok: true }));
    expect(await response.json()).toEqual({ ok: true });
  });
});
