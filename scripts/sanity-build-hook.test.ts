import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../tests/support/msw.ts';
import { ensureBuildHook, readOptions, WEBHOOK_NAME, webhookDefinition } from './sanity-build-hook.mjs';

const HOOKS = 'https://api.sanity.io/v2021-10-04/hooks/projects/abc123';
const SECRET = 'a-webhook-secret-of-32-characters';
const options = {
  projectId: 'abc123',
  dataset: 'production',
  token: 'secret-token',
  siteUrl: 'https://orangutanorganics.in',
  secret: SECRET,
};
const TARGET = 'https://orangutanorganics.in/api/content-published';

describe('webhookDefinition', () => {
  it("fires on every published change of a content document, never on drafts, signed, to the site's own address", () => {
    const hook = webhookDefinition({ dataset: 'production', siteUrl: 'https://orangutanorganics.in/', secret: SECRET });
    expect(hook).toMatchObject({
      type: 'document',
      name: WEBHOOK_NAME,
      dataset: 'production',
      url: TARGET,
      httpMethod: 'POST',
      includeDrafts: false,
      secret: SECRET,
      rule: { on: ['create', 'update', 'delete'], projection: '{_id, _type}' },
    });
    expect(hook.rule.filter).toContain('!(_type match "sanity.*")');
  });
});

describe('ensureBuildHook', () => {
  it('creates the webhook with the manage token when there is none', async () => {
    const created: unknown[] = [];
    server.use(
      http.get(HOOKS, ({ request }) => {
        expect(request.headers.get('authorization')).toBe('Bearer secret-token');
        return HttpResponse.json([
          { id: 'other', name: 'Something else', url: 'https://x.test', dataset: 'production' },
        ]);
      }),
      http.post(HOOKS, async ({ request }) => {
        created.push(await request.json());
        return HttpResponse.json({ id: 'new-hook' });
      }),
    );
    expect(await ensureBuildHook(options)).toEqual({ action: 'created', id: 'new-hook' });
    expect(created).toEqual([webhookDefinition(options)]);
  });

  it('sets an existing webhook again, address and secret (safe to run again)', async () => {
    let patched: { url?: string; secret?: string } = {};
    server.use(
      http.get(HOOKS, () =>
        HttpResponse.json([
          { id: 'h1', name: WEBHOOK_NAME, url: 'https://api.netlify.com/build_hooks/old', dataset: 'production' },
          { id: 'h2', name: WEBHOOK_NAME, url: TARGET, dataset: 'staging' },
        ]),
      ),
      http.patch(`${HOOKS}/h1`, async ({ request }) => {
        patched = (await request.json()) as { url?: string; secret?: string };
        return HttpResponse.json({ id: 'h1' });
      }),
    );
    expect(await ensureBuildHook(options)).toEqual({ action: 'updated', id: 'h1' });
    expect(patched).toMatchObject({ url: TARGET, secret: SECRET });
  });

  it('says what Sanity answered when it refuses', async () => {
    server.use(http.get(HOOKS, () => HttpResponse.json({ message: 'Unauthorized' }, { status: 401 })));
    await expect(ensureBuildHook(options)).rejects.toThrow(/HTTP 401 .*Unauthorized/);
  });
});

describe('readOptions', () => {
  it('names every missing variable', () => {
    expect(() => readOptions({ SANITY_PROJECT_ID: 'abc' })).toThrow(
      'Set SANITY_DATASET, SANITY_MANAGE_TOKEN, SITE_URL, SANITY_WEBHOOK_SECRET (see docs/deploy.md).',
    );
  });

  it('refuses a site address that is not https, or a short secret', () => {
    const env = {
      SANITY_PROJECT_ID: 'abc123',
      SANITY_DATASET: 'production',
      SANITY_MANAGE_TOKEN: 'secret-token',
      SITE_URL: 'http://orangutanorganics.in',
      SANITY_WEBHOOK_SECRET: SECRET,
    };
    expect(() => readOptions(env)).toThrow(/https address/);
    expect(() => readOptions({ ...env, SITE_URL: options.siteUrl, SANITY_WEBHOOK_SECRET: 'short' })).toThrow(
      /at least 24/,
    );
    expect(readOptions({ ...env, SITE_URL: options.siteUrl })).toEqual(options);
  });
});
