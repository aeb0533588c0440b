import { delay, HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { server } from '#tests/support/msw.ts';
import { callApi } from './api-client.ts';

const answerSchema = () => z.object({ answer: z.number() });

function api(respond: () => Response | Promise<Response>) {
  const seen: { method: string; contentType: string | null; body: unknown }[] = [];
  server.use(
    http.all('*/api/thing', async ({ request }) => {
      const text = await request.text();
      seen.push({
        method: request.method,
        contentType: request.headers.get('content-type'),
        body: text ? JSON.parse(text) : undefined,
      });
      return respond();
    }),
  );
  return seen;
}

describe('callApi', () => {
  it('POSTs the body as JSON and gives the parsed answer', async () => {
    const seen = api(() => HttpResponse.json({ answer: 42, extra: 'dropped' }, { status: 201 }));

    const result = await callApi('/api/thing', { body: { question: 'life' }, response: answerSchema });

    expect(result).toEqual({ ok: true, data: { answer: 42 } });
    expect(seen).toEqual([{ method: 'POST', contentType: 'application/json', body: { question: 'life' } }]);
  });

  it('GETs when there is no body', async () => {
    const seen = api(() => HttpResponse.json({ answer: 1 }));

    expect(await callApi('/api/thing', { response: answerSchema })).toEqual({ ok: true, data: { answer: 1 } });
    expect(seen).toEqual([{ method: 'GET', contentType: null, body: undefined }]);
  });

  it('picks the answer schema from the shared schemas', async () => {
    api(() => HttpResponse.json({ success: true }));

    const result = await callApi('/api/thing', { body: {}, response: (schemas) => schemas.submissionAcceptedSchema });

    expect(result).toEqual({ ok: true, data: { success: true } });
  });

  it('is refused when the server answers 4xx with the error envelope: its message is for the shopper', async () => {
    api(() =>
      HttpResponse.json(
        { error: { code: 'TOTAL_MISMATCH', message: 'Prices have changed; please review your order.' } },
        { status: 409 },
      ),
    );

    expect(await callApi('/api/thing', { body: {}, response: answerSchema })).toEqual({
      ok: false,
      kind: 'refused',
      status: 409,
      code: 'TOTAL_MISMATCH',
      message: 'Prices have changed; please review your order.',
    });
  });

  it('is unreachable on a 5xx, even with the error envelope, whose code and words it keeps', async () => {
    api(() => HttpResponse.json({ error: { code: 'PAYMENTS_UNAVAILABLE', message: 'Choose COD.' } }, { status: 503 }));

    expect(await callApi('/api/thing', { body: {}, response: answerSchema })).toEqual({
      ok: false,
      kind: 'unreachable',
      message: '/api/thing answered 503',
      code: 'PAYMENTS_UNAVAILABLE',
      serverMessage: 'Choose COD.',
    });
  });

  it('is unreachable on a 4xx without the envelope', async () => {
    api(() => new HttpResponse('Not found', { status: 404 }));

    const result = await callApi('/api/thing', { response: answerSchema });

    expect(result).toEqual({ ok: false, kind: 'unreachable', message: '/api/thing answered 404' });
  });

  it('is unreachable when a successful answer is not what the schema says, or not JSON', async () => {
    api(() => HttpResponse.json({ answer: 'forty-two' }));
    expect(await callApi('/api/thing', { response: answerSchema })).toEqual({
      ok: false,
      kind: 'unreachable',
      message: 'Unexpected answer from /api/thing',
    });

    api(() => new HttpResponse('<html>', { headers: { 'content-type': 'text/html' } }));
    expect(await callApi('/api/thing', { response: answerSchema })).toMatchObject({ ok: false, kind: 'unreachable' });
  });

  it('is unreachable when the network fails', async () => {
    api(() => HttpResponse.error());

    expect(await callApi('/api/thing', { body: {}, response: answerSchema })).toMatchObject({
      ok: false,
      kind: 'unreachable',
    });
  });

  it('is unreachable when the server does not answer in time', async () => {
    api(async () => {
      await delay(500);
      return HttpResponse.json({ answer: 1 });
    });

    const result = await callApi('/api/thing', { response: answerSchema, timeoutMs: 50 });

    expect(result).toMatchObject({ ok: false, kind: 'unreachable' });
  });
});
