import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import {
  DRAIN_BOUND,
  endpoint,
  errorResponse,
  fail,
  guarded,
  methodNotAllowed,
  parseJsonBody,
  readLimited,
  refusePost,
  serviceResponse,
  withApiHeaders,
} from './http.ts';

const schema = z.object({ name: z.string().min(1, 'Please enter your name') });
const post = (body: BodyInit, headers: Record<string, string> = {}) =>
  new Request('http://localhost/api/x', {
    method: 'POST',
    body,
    headers: { 'Content-Type': 'application/json', ...headers },
  });

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
      new Request('http://localhost/api/x', {
        method: 'POST',
        body: stream,
        duplex: 'half',
        headers: { 'Content-Type': 'application/json' },
      } as RequestInit),
      schema,
    );
    expect(undeclared.ok ? 0 : undeclared.response.status).toBe(413);
  });

  it('treats a missing body as an empty, invalid one', async () => {
    const request = new Request('http://localhost/api/x', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
    });
    const result = await parseJsonBody(request, schema);
    expect(result.ok ? 0 : result.response.status).toBe(400);
  });
});

/**
 * A body of `chunks` chunks of 64 KB (or one that never ends), counting what was read of it and
 * whether it was cancelled: what the local servers hand a function (`toWebRequest`).
 */
function upload(chunks: number, headers: Record<string, string> = {}) {
  const seen = { pulled: 0, cancelled: false };
  const chunk = new Uint8Array(64 * 1024).fill(120);
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (seen.pulled === chunks) return controller.close();
      seen.pulled += 1;
      controller.enqueue(chunk);
    },
    cancel() {
      seen.cancelled = true;
    },
  });
  const request = new Request('http://localhost/api/x', {
    method: 'POST',
    body,
    duplex: 'half',
    headers: { 'Content-Type': 'application/json', ...headers },
  } as RequestInit);
  return { request, seen };
}

describe('readLimited: a body too large to take (issue 46 §C)', () => {
  const MB = 16; // chunks of 64 KB in a megabyte

  it('is read to its end before the 413, so the connection is left clean for the answer', async () => {
    for (const headers of [{}, { 'content-length': String(2 * 1024 * 1024) }] as Record<string, string>[]) {
      const { request, seen } = upload(2 * MB, headers);
      expect(await readLimited(request, 16 * 1024)).toBeUndefined();
      expect(seen).toEqual({ pulled: 2 * MB, cancelled: false });
    }
  });

  it('is cut once past 6 MB, and at once when it declares more', async () => {
    expect(DRAIN_BOUND.bytes).toBe(6 * 1024 * 1024);
    const endless = upload(Number.POSITIVE_INFINITY);
    expect(await readLimited(endless.request, 16 * 1024)).toBeUndefined();
    expect(endless.seen.cancelled).toBe(true);
    expect(endless.seen.pulled).toBeLessThanOrEqual(6 * MB + 2);
    const declared = upload(7 * MB, { 'content-length': String(7 * 1024 * 1024) });
    expect(await readLimited(declared.request, 16 * 1024)).toBeUndefined();
    expect(declared.seen.cancelled).toBe(true);
    expect(declared.seen.pulled).toBeLessThanOrEqual(1);
  });

  it('is answered all the same when its client goes away mid-upload', async () => {
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += 1;
        if (sent > 2) return controller.error(new Error('socket hang up'));
        controller.enqueue(new Uint8Array(16 * 1024));
      },
    });
    const request = new Request('http://localhost/api/x', { method: 'POST', body, duplex: 'half' } as RequestInit);
    expect(await readLimited(request, 16 * 1024)).toBeUndefined();
  });

  it('is cut after 5 s when its client stops sending', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      let cancelled = false;
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new Uint8Array(32 * 1024)); // then nothing more, never the end
        },
        cancel() {
          cancelled = true;
        },
      });
      const read = readLimited(
        new Request('http://localhost/api/x', { method: 'POST', body, duplex: 'half' } as RequestInit),
        16 * 1024,
      );
      await vi.advanceTimersByTimeAsync(DRAIN_BOUND.ms - 1);
      expect(cancelled).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(await read).toBeUndefined();
      expect(cancelled).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("refusePost: only JSON from the shop's own pages", () => {
  const SHOP = 'https://shop.example';
  const request = (headers: Record<string, string>, url = `${SHOP}/api/x`) =>
    new Request(url, { method: 'POST', body: '{"name":"Asha"}', headers });
  const json = { 'Content-Type': 'application/json' };
  const codeOf = async (response: Response | undefined) => (await response?.json())?.error.code;
  const statusOf = (headers: Record<string, string>, url?: string) => refusePost(request(headers, url))?.status;

  it.each([
    ['application/json', 'application/json'],
    ['a charset parameter', 'application/json; charset=utf-8'],
    ['another letter case', 'Application/JSON;charset=UTF-8'],
  ])('takes %s', (_name, type) => {
    expect(statusOf({ 'Content-Type': type })).toBeUndefined();
  });

  it.each([
    ['text/plain (what a plain HTML form can send)', { 'Content-Type': 'text/plain' }],
    ['a form encoding', { 'Content-Type': 'application/x-www-form-urlencoded' }],
    ['multipart', { 'Content-Type': 'multipart/form-data; boundary=x' }],
    ['a JSON-like type', { 'Content-Type': 'application/json-patch+json' }],
    ['no Content-Type at all', {}],
  ])('refuses %s with 415 in the error envelope', async (_name, headers) => {
    const response = refusePost(new Request(`${SHOP}/api/x`, { method: 'POST', headers }));
    expect(response?.status).toBe(415);
    expect(await codeOf(response)).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it.each([
    ['its own origin', { Origin: SHOP }],
    ['same-origin', { Origin: SHOP, 'Sec-Fetch-Site': 'same-origin' }],
    ['a same-site request from our own origin', { Origin: SHOP, 'Sec-Fetch-Site': 'same-site' }],
    ['no Origin and no Sec-Fetch-Site (curl, a server)', {}],
    ['Sec-Fetch-Site none (typed by the user) without Origin', { 'Sec-Fetch-Site': 'none' }],
    ['an explicit default port', { Origin: 'https://shop.example:443' }],
  ])('lets %s through', (_name, headers) => {
    expect(statusOf({ ...json, ...headers })).toBeUndefined();
  });

  it.each([
    ['another origin', { Origin: 'https://evil.example' }],
    ['another scheme', { Origin: 'http://shop.example' }],
    ['another port', { Origin: 'https://shop.example:8443' }],
    ['a subdomain', { Origin: 'https://www.shop.example' }],
    ['Origin null (a sandboxed frame, a file)', { Origin: 'null' }],
    ['an Origin that is no URL', { Origin: 'shop.example' }],
    ['Sec-Fetch-Site cross-site, even with our Origin', { Origin: SHOP, 'Sec-Fetch-Site': 'cross-site' }],
    ['Sec-Fetch-Site cross-site without Origin', { 'Sec-Fetch-Site': 'cross-site' }],
    ['Sec-Fetch-Site same-site without Origin', { 'Sec-Fetch-Site': 'same-site' }],
    ['same-site from a sibling site', { Origin: 'https://blog.shop.example', 'Sec-Fetch-Site': 'same-site' }],
  ])('refuses %s with 403 CROSS_SITE, before the media type', async (_name, headers) => {
    const response = refusePost(request({ 'Content-Type': 'text/plain', ...headers }));
    expect(response?.status).toBe(403);
    expect(await codeOf(response)).toBe('CROSS_SITE');
  });

  it('takes the origin the browser asked for when a proxy rewrote the URL (Host, X-Forwarded-Host/-Proto)', () => {
    const internal = 'http://127.0.0.1:9999/api/x';
    expect(statusOf({ ...json, Origin: 'http://localhost:8888', Host: 'localhost:8888' }, internal)).toBeUndefined();
    expect(
      statusOf({ ...json, Origin: SHOP, 'X-Forwarded-Host': 'shop.example', 'X-Forwarded-Proto': 'https' }, internal),
    ).toBeUndefined();
    expect(statusOf({ ...json, Origin: 'https://evil.example', Host: 'localhost:8888' }, internal)).toBe(403);
  });

  it('is applied by parseJsonBody before the body is read', async () => {
    const body = new ReadableStream({
      pull() {
        throw new Error('the body must not be read');
      },
    });
    const foreign = new Request(`${SHOP}/api/x`, {
      method: 'POST',
      body,
      duplex: 'half',
      headers: { ...json, Origin: 'https://evil.example' },
    } as RequestInit);
    const result = await parseJsonBody(foreign, schema);
    expect(result.ok ? 0 : result.response.status).toBe(403);
    expect(foreign.bodyUsed).toBe(false);
    const plain = await parseJsonBody(request({ 'Content-Type': 'text/plain' }), schema);
    expect(plain.ok ? 0 : plain.response.status).toBe(415);
  });
});

describe('function answers', () => {
  it('carry nosniff, no-store and a policy that loads nothing, whatever they were built with', async () => {
    const answer = withApiHeaders(
      Response.json({ ok: true }, { status: 201, headers: { 'Cache-Control': 'public, max-age=60' } }),
    );
    expect(answer.status).toBe(201);
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(answer.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(answer.headers.get('x-frame-options')).toBe('DENY');
    expect(answer.headers.get('referrer-policy')).toBe('no-referrer');
    expect(answer.headers.get('content-type')).toBe('application/json');
    expect(await answer.json()).toEqual({ ok: true });
  });

  it('get them from endpoint(), with the arguments passed through', async () => {
    const handler = endpoint(async (request: Request, context: { params: { pin: string } }) =>
      errorResponse(400, 'INVALID_PINCODE', `${request.method} ${context.params.pin}`),
    );
    const answer = await handler(new Request('http://localhost/x'), { params: { pin: '249135' } });
    expect(answer.status).toBe(400);
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect((await answer.json()).error.message).toBe('GET 249135');
  });
});

describe('error responses', () => {
  it('use one envelope', async () => {
    const response = errorResponse(409, 'TOTAL_MISMATCH', 'Prices have changed.');
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ error: { code: 'TOTAL_MISMATCH', message: 'Prices have changed.' } });
  });

  it("carry a service's refusal, with its issues, and pass its success through", async () => {
    const issues = [{ path: 'productId', message: 'Product 99 is not in our catalogue.' }];
    const refused = serviceResponse(fail(422, 'UNKNOWN_PRODUCT', 'Product 99 is not in our catalogue.', issues));
    expect(refused.status).toBe(422);
    expect(await refused.json()).toEqual({
      error: { code: 'UNKNOWN_PRODUCT', message: 'Product 99 is not in our catalogue.', issues },
    });
    expect(fail(409, 'TOTAL_MISMATCH', 'x')).not.toHaveProperty('issues');
    const accepted = serviceResponse({ ok: true, status: 201, body: { success: true } });
    expect(accepted.status).toBe(201);
    expect(await accepted.json()).toEqual({ success: true });
  });

  it('accept only the closed set of codes', () => {
    // @ts-expect-error a code of its own is a type error: every code is one of ERROR_CODES.
    errorResponse(400, 'SOMETHING_NEW', 'x');
    // @ts-expect-error the same for a service's refusal.
    fail(400, 'SOMETHING_NEW', 'x');
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

  it('passes a handler answer through untouched', async () => {
    const response = await guarded({ name: 'x', message: 'unused' }, async () => Response.json({ ok: true }));
    expect(await response.json()).toEqual({ ok: true });
  });
});
