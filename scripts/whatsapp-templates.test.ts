/** `npm run whatsapp:templates` against a fake Graph API (tests/support/fake-whatsapp-templates.ts). */
import { describe, expect, it, vi } from 'vitest';
import { TEMPLATES } from '../netlify/lib/whatsapp/templates.ts';
import { FAKE_GRAPH_URL, graphError } from '../tests/support/fake-whatsapp.ts';
import { type AccountTemplate, FAKE_WABA, fakeTemplateGraph } from '../tests/support/fake-whatsapp-templates.ts';
import { server } from '../tests/support/msw.ts';
import { main } from './whatsapp-templates.ts';

const ENV = {
  WHATSAPP_TOKEN: FAKE_WABA.token,
  WHATSAPP_BUSINESS_ACCOUNT_ID: FAKE_WABA.businessAccountId,
  WHATSAPP_BASE_URL: FAKE_GRAPH_URL,
};

function graph(account: AccountTemplate[] = []) {
  const fake = fakeTemplateGraph(account, { pageSize: 4 });
  server.use(...fake.handlers);
  return fake;
}

async function run(argv: string[], env: Record<string, string | undefined> = ENV) {
  let out = '';
  const code = await main(argv, env, (text) => {
    out += text;
  });
  return { code, out };
}

describe('npm run whatsapp:templates', () => {
  it('creates every template the account lacks, pages through what it has, and prints the table', async () => {
    const fake = graph([
      { name: 'order_placed', language: 'en', status: 'APPROVED' },
      { name: 'order_placed', language: 'hi', status: 'REJECTED' },
      { name: 'marketing_diwali', language: 'en', status: 'APPROVED' },
      { name: 'order_shipped', language: 'en_US', status: 'APPROVED' },
      { name: 'order_shipped', language: 'en', status: 'PENDING' },
    ]);
    const { code, out } = await run([]);
    expect(code).toBe(0);
    expect(fake.calls.filter((call) => call.startsWith('GET'))).toHaveLength(2);
    expect(fake.calls.filter((call) => call.startsWith('POST'))).toHaveLength(TEMPLATES.length - 3);
    const lines = out.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^template\s+language\s+Meta's status\s+done$/);
    expect(lines).toContainEqual(expect.stringMatching(/^order_placed\s+en\s+APPROVED\s+already there$/));
    // A rejected template is Meta's to review again, or ours to rename: never edited from here.
    expect(lines).toContainEqual(expect.stringMatching(/^order_placed\s+hi\s+REJECTED\s+already there$/));
    expect(lines).toContainEqual(expect.stringMatching(/^order_shipped\s+hi\s+PENDING\s+created$/));
    expect(lines).toHaveLength(TEMPLATES.length + 1);
  });

  it('on a dry run, lists and prints the requests it would send, creating nothing', async () => {
    const fake = graph([{ name: 'order_placed', language: 'en', status: 'APPROVED' }]);
    const { code, out } = await run(['--dry-run']);
    expect(code).toBe(0);
    expect(fake.calls.every((call) => call.startsWith('GET'))).toBe(true);
    expect(fake.account).toHaveLength(1);
    expect(out).toMatch(/^order_delivered\s+hi\s+—\s+would create$/m);
    expect(out).toContain(
      `POST ${FAKE_GRAPH_URL}/v23.0/${FAKE_WABA.businessAccountId}/message_templates\n{\n  "name": "order_placed",\n  "language": "hi"`,
    );
    expect(out.match(/^POST /gm)).toHaveLength(TEMPLATES.length - 1);
  });

  it('says which template Meta refused and why, and exits 1', async () => {
    const fake = graph();
    fake.answerNext(graphError(100), 'POST');
    const { code, out } = await run([]);
    expect(code).toBe(1);
    expect(out).toMatch(/^order_placed\s+en\s+—\s+failed$/m);
    expect(out).toContain('Failed:\n  Creating order_placed (en): Meta answered 400: (#100) Invalid parameter');
  });

  it('exits 1 with the reason when the list cannot be read (a wrong token)', async () => {
    graph();
    const { code, out } = await run([], { ...ENV, WHATSAPP_TOKEN: 'expired' });
    expect(code).toBe(1);
    expect(out).toBe('Listing the templates: Meta answered 401: (#190) Access token has expired\n');
  });

  it('without the token or the account id, says what is missing and asks Meta nothing', async () => {
    const fetchImpl = vi.fn<typeof fetch>();
    let out = '';
    const code = await main([], { WHATSAPP_PHONE_NUMBER_ID: '1' }, (text) => (out += text), fetchImpl);
    expect(code).toBe(1);
    expect(out).toBe(
      'Not configured: set WHATSAPP_TOKEN and WHATSAPP_BUSINESS_ACCOUNT_ID. Nothing was asked of Meta.\n',
    );
    expect((await run([], { ...ENV, WHATSAPP_BUSINESS_ACCOUNT_ID: ' ' })).out).toBe(
      'Not configured: set WHATSAPP_BUSINESS_ACCOUNT_ID. Nothing was asked of Meta.\n',
    );
    expect(fetchImpl).not.toHaveBeenCalled();
  });
});
