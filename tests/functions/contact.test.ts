/** /api/contact at the HTTP boundary: the local Contact Submissions.csv, or the Apps Script (msw). */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import contact, { config } from '../../netlify/functions/contact.mts';
import { readCsv } from '../../netlify/lib/sheets/local-csv.ts';
import { CONTACT_HEADERS } from '../../netlify/lib/sheets/tabs.ts';
import { errorEnvelopeSchema, MESSAGES } from '../../src/shop/schemas.ts';
import { server } from '../support/msw.ts';

const SCRIPT_URL = 'https://script.google.com/macros/s/AKfycb-contact/exec';

function post(body: unknown, method = 'POST'): Promise<Response> {
  return contact(
    new Request('http://localhost/api/contact', {
      method,
      headers: { 'Content-Type': 'application/json' },
      ...(method === 'POST' ? { body: JSON.stringify(body) } : {}),
    }),
  );
}

const message = (overrides: Record<string, unknown> = {}) => ({
  name: 'Ravi Kumar',
  email: 'ravi@example.com',
  phone: '+91 98765 43210',
  subject: 'Bulk order',
  message: 'Do you ship 20 kg of red rice to Pune?',
  ...overrides,
});

let sheetsDir: string;
let warn: MockInstance<typeof console.warn>;

beforeEach(async () => {
  sheetsDir = await mkdtemp(path.join(tmpdir(), 'ouo-fn-contact-'));
  vi.stubEnv('LOCAL_SHEETS_DIR', sheetsDir);
  vi.stubEnv('SHEETS_WEBHOOK_URL', undefined);
  vi.stubEnv('SHEETS_WEBHOOK_SECRET', undefined);
  warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

afterEach(async () => {
  vi.unstubAllEnvs();
  warn.mockRestore();
  await rm(sheetsDir, { recursive: true, force: true });
});

const contactCsv = () => path.join(sheetsDir, 'Contact Submissions.csv');

describe('POST /api/contact', () => {
  it('is configured at /api/contact for POST, 10 a minute per IP', async () => {
    expect(config).toMatchObject({ path: '/api/contact', method: ['POST'], rateLimit: { windowLimit: 10 } });
    expect((await post(undefined, 'GET')).status).toBe(405);
  });

  it('writes the message with an ISO timestamp and type contact, phone kept as text', async () => {
    const response = await post(message());
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ success: true });
    const [header, row, ...rest] = await readCsv(contactCsv());
    expect(header).toEqual([...CONTACT_HEADERS]);
    expect(rest).toEqual([]);
    const record = Object.fromEntries((header ?? []).map((label, index) => [label, row?.[index]]));
    expect(record).toMatchObject({
      name: 'Ravi Kumar',
      email: 'ravi@example.com',
      phone: "'+91 98765 43210",
      subject: 'Bulk order',
      type: 'contact',
    });
    expect(new Date(record.timestamp as string).toISOString()).toBe(record.timestamp);
  });

  it('takes a message without a phone', async () => {
    const { phone: _phone, ...withoutPhone } = message();
    expect((await post(withoutPhone)).status).toBe(201);
  });

  it('drops a bot that filled the honeypot: 201, nothing written', async () => {
    expect((await post(message({ website: 'spam' }))).status).toBe(201);
    expect(await readCsv(contactCsv())).toEqual([]);
  });

  it.each([
    [{ name: ' ' }, MESSAGES.name],
    [{ email: 'x@' }, MESSAGES.email],
    [{ subject: '' }, MESSAGES.subject],
    [{ message: '' }, MESSAGES.message],
  ])('refuses %o with 422 and the shop-rules §5 message', async (overrides, expected) => {
    const response = await post(message(overrides));
    expect(response.status).toBe(422);
    expect(errorEnvelopeSchema.parse(await response.json()).error.message).toBe(expected);
  });

  describe('with the Apps Script configured', () => {
    beforeEach(() => {
      vi.stubEnv('SHEETS_WEBHOOK_URL', SCRIPT_URL);
      vi.stubEnv('SHEETS_WEBHOOK_SECRET', 'sheet-secret');
    });

    it('posts the secret, type contact, the tab, headers and the row', async () => {
      const received: Record<string, unknown>[] = [];
      server.use(
        http.post(SCRIPT_URL, async ({ request }) => {
          received.push((await request.json()) as Record<string, unknown>);
          return HttpResponse.json({ ok: true });
        }),
      );
      expect((await post(message())).status).toBe(201);
      expect(received[0]).toMatchObject({
        secret: 'sheet-secret',
        type: 'contact',
        tab: 'Contact Submissions',
        headers: [...CONTACT_HEADERS],
      });
      const rows = received[0]?.rows as string[][];
      expect(rows[0]?.slice(1, 6)).toEqual([
        'Ravi Kumar',
        'ravi@example.com',
        "'+91 98765 43210",
        'Bulk order',
        'Do you ship 20 kg of red rice to Pune?',
      ]);
      expect(rows[0]?.[7]).toBe('contact');
    });

    it('answers 502 SHEET_UNAVAILABLE with the shop-rules §8 message when the sheet is down', async () => {
      server.use(http.post(SCRIPT_URL, () => new HttpResponse('down', { status: 500 })));
      const response = await post(message());
      expect(response.status).toBe(502);
      expect(errorEnvelopeSchema.parse(await response.json()).error).toEqual({
        code: 'SHEET_UNAVAILABLE',
        message: 'Sorry, there was an error submitting your message. Please try again or email us directly.',
      });
      expect(warn).toHaveBeenCalled();
    });
  });
});
