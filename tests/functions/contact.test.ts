import path from 'node:path';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import contact, { config } from '../../netlify/functions/contact.mts';
import { CONTACT_HEADERS } from '../../netlify/lib/sheets/submission-tabs.ts';
import { readCsv } from '../../src/content/sheet-csv.server.ts';

import { errorEnvelopeSchema } from '../../src/shop/schemas/index.ts';
import { text } from '../../src/shop/texts/server.ts';
import { functionSandbox, newSubmissionId, scriptDownAtFirst } from '../support/functions.ts';
import { server } from '../support/msw.ts';
import { recordingAppsScript, stubAppsScriptEnv } from '../support/sheets.ts';

const SCRIPT_URL = 'https://script.google.com/macros/s/AKfycb-contact/exec';

function post(body: unknown, method = 'POST', headers: Record<string, string> = {}): Promise<Response> {
  return contact(
    new Request('http://localhost/api/contact', {
      method,
      headers: { 'Content-Type': 'application/json', ...headers },
      ...(method === 'POST' ? { body: JSON.stringify(body) } : {}),
    }),
  );
}

const message = (overrides: Record<string, unknown> = {}) => ({
  submissionId: newSubmissionId('contact-test'),
  name: 'Ravi Kumar',
  email: 'ravi@example.com',
  phone: '+91 98765 43210',
  subject: 'Bulk order',
  message: 'Do you ship 20 kg of red rice to Pune?',
  ...overrides,
});

const sandbox = functionSandbox('contact');

const contactCsv = () => path.join(sandbox.sheetsDir(), 'Contact Submissions.csv');

describe('POST /api/contact', () => {
  it('is configured at /api/contact for POST, 10 a minute per IP', async () => {
    expect(config).toMatchObject({ path: '/api/contact', rateLimit: { windowLimit: 10 } });
    expect(config.method, 'every method reaches the function, which answers 405 itself').toBeUndefined();
    expect((await post(undefined, 'GET')).status).toBe(405);
  });

  it('writes the message with its submission id, an ISO timestamp and type contact, phone kept as text', async () => {
    const sent = message();
    const response = await post(sent);
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ success: true });
    const [header, row, ...rest] = await readCsv(contactCsv());
    expect(header).toEqual([...CONTACT_HEADERS]);
    expect(rest).toEqual([]);
    const record = Object.fromEntries((header ?? []).map((label, index) => [label, row?.[index]]));
    expect(record).toMatchObject({
      id: `contact-${sent.submissionId}`,
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

  it('stores a message sent again and again, even all at once, as one row', async () => {
    const sent = message();
    const responses = await Promise.all([post(sent), post(sent), post(sent)]);
    expect(responses.map((response) => response.status)).toEqual([201, 201, 201]);
    expect((await post(sent)).status).toBe(201);
    const [, ...rows] = await readCsv(contactCsv());
    expect(rows.map((row) => row[0])).toEqual([`contact-${sent.submissionId}`]);
  });

  it('refuses a text/plain post with 415 and a cross-site one with 403, writing nothing', async () => {
    expect((await post(message(), 'POST', { 'Content-Type': 'text/plain' })).status).toBe(415);
    expect((await post(message(), 'POST', { Origin: 'https://evil.example' })).status).toBe(403);
    expect((await post(message(), 'POST', { 'Sec-Fetch-Site': 'cross-site' })).status).toBe(403);
    expect(await readCsv(contactCsv())).toEqual([]);
  });

  it.each([
    [{ submissionId: undefined }, text('request.submissionId')],
    [{ name: ' ' }, text('forms.name')],
    [{ email: 'x@' }, text('forms.email')],
    [{ subject: '' }, text('forms.subject')],
    [{ message: '' }, text('forms.message')],
  ])('refuses %o with 422 and the shop-rules §5 message', async (overrides, expected) => {
    const response = await post(message(overrides));
    expect(response.status).toBe(422);
    expect(errorEnvelopeSchema.parse(await response.json()).error.message).toBe(expected);
  });

  describe('with the Apps Script configured', () => {
    beforeEach(() => stubAppsScriptEnv(SCRIPT_URL, 'sheet-secret'));

    it('posts the secret, type contact, the tab, headers and the row', async () => {
      const { received } = recordingAppsScript({ ok: true }, SCRIPT_URL);
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

    it('writes a message whose first write failed when it is sent again, once', async () => {
      const script = scriptDownAtFirst(SCRIPT_URL);
      const sent = message();
      expect((await post(sent)).status).toBe(502);
      script.up();
      expect((await Promise.all([post(sent), post(sent)])).map((response) => response.status)).toEqual([201, 201]);
      expect((await post(sent)).status).toBe(201);
      expect(script.received).toEqual([`contact-${sent.submissionId}`]);
    });

    it('answers 502 SHEET_UNAVAILABLE with the shop-rules §8 message when the sheet is down', async () => {
      server.use(http.post(SCRIPT_URL, () => new HttpResponse('down', { status: 500 })));
      const response = await post(message());
      expect(response.status).toBe(502);
      expect(errorEnvelopeSchema.parse(await response.json()).error).toEqual({
        code: 'SHEET_UNAVAILABLE',
        message: 'Sorry, there was an error submitting your message. Please try again or email us directly.',
      });
      expect(sandbox.warn()).toHaveBeenCalled();
    });
  });
});
