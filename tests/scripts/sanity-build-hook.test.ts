import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { ensureBuildHook, readOptions, WEBHOOK_NAME, webhookDefinition } from '../../scripts/sanity-build-hook.mjs';
import { server } from '../support/msw.ts';

const HOOKS = 'https://api.sanity.io/v2021-10-04/hooks/projects/abc123';
const BUILD_HOOK = 'https://api.netlify.com/build_hooks/5f1e2d3c';
const options = { projectId: 'abc123', dataset: 'production', token: 'secret-token', buildHookUrl: BUILD_HOOK };
const TARGET = `${BUILD_HOOK}?trigger_title=Content+published+in+Sanity`;

describe('webhookDefinition', () => {
  it('fires on every published change of a content document, never on drafts', () => {
    const hook = webhookDefinition({ dataset: 'production', buildHookUrl: BUILD_HOOK });
    expect(hook).toMatchObject({
      type: 'document',
      name: WEBHOOK_NAME,
      dataset: 'production',
      url: TARGET,
      httpMethod: 'POST',
      includeDrafts: false,
      rule: { on: ['create', 'update', 'delete'] },
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

  it('changes nothing when the same webhook exists (safe to run again)', async () => {
    server.use(
      http.get(HOOKS, () => HttpResponse.json([{ id: 'h1', name: WEBHOOK_NAME, url: TARGET, dataset: 'production' }])),
    );
    expect(await ensureBuildHook(options)).toEqual({ action: 'unchanged', id: 'h1' });
  });

  it('points an existing webhook at a new build hook', async () => {
    let patched: { url?: string } = {};
    server.use(
      http.get(HOOKS, () =>
        HttpResponse.json([
          { id: 'h1', name: WEBHOOK_NAME, url: 'https://api.netlify.com/build_hooks/old', dataset: 'production' },
        ]),
      ),
      http.patch(`${HOOKS}/h1`, async ({ request }) => {
        patched = (await request.json()) as { url?: string };
        return HttpResponse.json({ id: 'h1' });
      }),
    );
    expect(await ensureBuildHook(options)).toEqual({ action: 'updated', id: 'h1' });
    expect(patched.url).toBe(TARGET);
  });

  it('says what Sanity answered when it refuses', async () => {
    server.use(http.get(HOOKS, () => HttpResponse.json({ message: 'Unauthorized' }, { status: 401 })));
    await expect(ensureBuildHook(options)).rejects.toThrow(/HTTP 401 .*Unauthorized/);
  });
});

describe('readOptions', () => {
  it('names every missing variable', () => {
    expect(() => readOptions({ SANITY_PROJECT_ID: 'abc' })).toThrow(
      'Set SANITY_DATASET, SANITY_MANAGE_TOKEN, NETLIFY_BUILD_HOOK_URL (see docs/deploy.md).',
    );
  });

  it('refuses a URL that is not a Netlify build hook', () => {
    const env = {
      SANITY_PROJECT_ID: 'abc123',
      SANITY_DATASET: 'production',
      SANITY_MANAGE_TOKEN: 'secret-token',
      NETLIFY_BUILD_HOOK_URL: 'https://example.com/hook',
    };
    expect(() => readOptions(env)).toThrow(/build_hooks/);
    expect(readOptions({ ...env, NETLIFY_BUILD_HOOK_URL: BUILD_HOOK })).toEqual(options);
  });
});
