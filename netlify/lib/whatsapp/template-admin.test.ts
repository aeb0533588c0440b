/** Contract tests of the template calls against a fake Graph API (tests/support/fake-whatsapp-templates.ts). */
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { FAKE_GRAPH_URL, graphError } from '#tests/support/fake-whatsapp.ts';
import { type AccountTemplate, FAKE_WABA, fakeTemplateGraph } from '#tests/support/fake-whatsapp-templates.ts';
import { server } from '#tests/support/msw.ts';
import { putTemplates, templateAdmin } from './template-admin.ts';
import { TEMPLATES } from './templates.ts';

const admin = () => templateAdmin({ ...FAKE_WABA, baseUrl: FAKE_GRAPH_URL });
const ours = TEMPLATES.filter((template) => template.name === 'order_placed' || template.name === 'order_delivered');

function graph(account: AccountTemplate[] = [], pageSize?: number) {
  const fake = fakeTemplateGraph(account, pageSize ? { pageSize } : {});
  server.use(...fake.handlers);
  return fake;
}

describe('templateAdmin', () => {
  it("lists the account's templates across every page, asking for the fields it reads", async () => {
    const account = Array.from({ length: 5 }, (_, index) => ({
      name: `other_${index}`,
      language: 'en',
      status: 'APPROVED',
    }));
    const fake = graph(account, 2);
    const listed = await admin().listTemplates();
    expect(listed).toEqual({ ok: true, value: account.map((template) => expect.objectContaining(template)) });
    expect(fake.calls).toEqual([
      'GET fields=name%2Clanguage%2Cstatus%2Ccategory&limit=100',
      'GET fields=name%2Clanguage%2Cstatus%2Ccategory&limit=100&after=2',
      'GET fields=name%2Clanguage%2Cstatus%2Ccategory&limit=100&after=4',
    ]);
  });

  it('follows no page outside Graph: the token would go with it', async () => {
    const fake = graph();
    fake.answerNext(HttpResponse.json({ data: [], paging: { next: 'https://elsewhere.test/steal' } }));
    expect(await admin().listTemplates()).toEqual({
      ok: false,
      message: 'Listing the templates: page 2 is not one to follow (https://elsewhere.test/steal)',
    });
  });

  it('creates a template as templates.ts defines it and reads Meta’s answer', async () => {
    const fake = graph();
    const [template] = ours;
    if (!template) throw new Error('no template');
    expect(await admin().createTemplate(template)).toEqual({
      ok: true,
      value: { id: expect.any(String), status: 'PENDING', category: 'UTILITY' },
    });
    expect(fake.account).toEqual([{ name: 'order_placed', language: 'en', status: 'PENDING', category: 'UTILITY' }]);
  });

  it("says Meta's refusal in its words, and an answer it cannot read or no answer at all", async () => {
    const fake = graph();
    const [template] = ours;
    if (!template) throw new Error('no template');
    fake.answerNext(graphError(100));
    expect(await admin().createTemplate(template)).toEqual({
      ok: false,
      message: 'Creating order_placed (en): Meta answered 400: (#100) Invalid parameter',
    });
    fake.answerNext(HttpResponse.json({ id: 7 }));
    expect(await admin().createTemplate(template)).toEqual({
      ok: false,
      message: 'Creating order_placed (en): Meta answered 200 with a body not shaped as documented',
    });
    fake.answerNext('network-error');
    expect(await admin().listTemplates()).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^Listing the templates: no answer from Meta/),
    });
    fake.answerNext(new HttpResponse('<html>', { status: 502 }));
    expect(await admin().listTemplates()).toEqual({ ok: false, message: 'Listing the templates: Meta answered 502' });
  });
});

describe('putTemplates', () => {
  it('creates what the account lacks, by name and language, and leaves what it has alone', async () => {
    const fake = graph([{ name: 'order_placed', language: 'en', status: 'APPROVED', category: 'UTILITY' }]);
    const put = await putTemplates(admin(), ours);
    expect(put).toEqual({
      ok: true,
      value: [
        { name: 'order_placed', language: 'en', status: 'APPROVED', action: 'already there' },
        { name: 'order_placed', language: 'hi', status: 'PENDING', action: 'created' },
        { name: 'order_delivered', language: 'en', status: 'PENDING', action: 'created' },
        { name: 'order_delivered', language: 'hi', status: 'PENDING', action: 'created' },
      ],
    });
    expect(fake.calls.filter((call) => call.startsWith('POST'))).toEqual([
      'POST order_placed:hi',
      'POST order_delivered:en',
      'POST order_delivered:hi',
    ]);
    // A second run finds them all: nothing created twice.
    const again = await putTemplates(admin(), ours);
    expect(again.ok && again.value.map((row) => row.action)).toEqual(Array(4).fill('already there'));
  });

  it('keeps going past a template Meta refuses, and says why', async () => {
    const fake = graph();
    fake.answerNext(graphError(100), 'GET');
    expect(await putTemplates(admin(), ours)).toEqual({
      ok: false,
      message: 'Listing the templates: Meta answered 400: (#100) Invalid parameter',
    });
    fake.answerNext(graphError(100), 'POST');
    const put = await putTemplates(admin(), ours.slice(0, 2));
    expect(put.ok && put.value).toEqual([
      {
        name: 'order_placed',
        language: 'en',
        status: '—',
        action: 'failed',
        problem: 'Creating order_placed (en): Meta answered 400: (#100) Invalid parameter',
      },
      { name: 'order_placed', language: 'hi', status: 'PENDING', action: 'created' },
    ]);
  });

  it('asks only for the list on a dry run', async () => {
    const fake = graph([{ name: 'order_delivered', language: 'hi', status: 'REJECTED' }]);
    const put = await putTemplates(admin(), ours, { dryRun: true });
    expect(
      put.ok && put.value.map(({ language, name, status, action }) => `${name}:${language} ${status} ${action}`),
    ).toEqual([
      'order_placed:en — would create',
      'order_placed:hi — would create',
      'order_delivered:en — would create',
      'order_delivered:hi REJECTED already there',
    ]);
    expect(fake.calls.every((call) => call.startsWith('GET'))).toBe(true);
  });
});
