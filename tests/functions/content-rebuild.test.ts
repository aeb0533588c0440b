import { encodeSignatureHeader, SIGNATURE_HEADER_NAME } from '@sanity/webhook';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import contentPublished, { config as publishedConfig } from '../../netlify/functions/content-published.mts';
import rebuildContent, { config as rebuildConfig } from '../../netlify/functions/rebuild-content.mts';
import { MAX_WAIT_MS, QUIET_MS, REBUILD_KEY, type RebuildOutcome } from '../../netlify/lib/content/rebuild.ts';
import { database } from '../../netlify/lib/platform/database.ts';
import { versionedRows } from '../../netlify/lib/platform/versioned-rows.ts';
import { functionSandbox } from '../support/functions.ts';
import { server } from '../support/msw.ts';

const SECRET = 'whsec-test-secret';
const HOOK = 'https://api.netlify.com/build_hooks/abc123';
// Its hooks set the environment every function here reads (a local Sheet, no outside webhook).
functionSandbox('content-rebuild');

/** Sanity's webhook call for one published document, signed as Sanity signs it (or not). */
async function publish(document: { _id: string; _type: string }, secret = SECRET) {
  const body = JSON.stringify(document);
  const signature = await encodeSignatureHeader(body, Date.now(), secret);
  return contentPublished(
    new Request('http://localhost/api/content-published', {
      method: 'POST',
      headers: { 'content-type': 'application/json', [SIGNATURE_HEADER_NAME]: signature },
      body,
    }),
  );
}

const tick = async () => (await (await rebuildContent()).json()) as RebuildOutcome;

/** The build hook: records each call's title. */
function buildHook(status = 200) {
  const titles: string[] = [];
  server.use(
    http.post(HOOK, ({ request }) => {
      titles.push(new URL(request.url).searchParams.get('trigger_title') ?? '');
      return new HttpResponse(null, { status });
    }),
  );
  return titles;
}

beforeEach(async () => {
  // No pending publish carries over from one test to the next.
  await versionedRows(database(), 'site_state').delete(REBUILD_KEY);
  vi.stubEnv('SANITY_WEBHOOK_SECRET', SECRET);
  vi.stubEnv('NETLIFY_BUILD_HOOK_URL', HOOK);
  vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-25T10:00:00Z') });
  return () => vi.useRealTimers();
});

describe('publishing in Sanity rebuilds the site once per burst', () => {
  it('is configured: the webhook at /api/content-published (POST), the rebuild every minute', () => {
    expect(publishedConfig).toEqual({ path: '/api/content-published' });
    expect(rebuildConfig).toMatchObject({ schedule: '* * * * *' });
  });

  it('three quick publishes lead to one build, after a quiet minute, titled with what changed', async () => {
    const titles = buildHook();
    for (const [index, document] of [
      { _id: 'product-3', _type: 'product' },
      { _id: 'shopSettings', _type: 'shopSettings' },
      { _id: 'product-3', _type: 'product' },
    ].entries()) {
      vi.setSystemTime(new Date(Date.parse('2026-11-25T10:00:00Z') + index * 10_000));
      const response = await publish(document);
      expect(response.status).toBe(202);
    }
    expect(await tick()).toMatchObject({ action: 'waiting', count: 3 });
    vi.setSystemTime(new Date(Date.parse('2026-11-25T10:00:20Z') + QUIET_MS - 1000));
    expect((await tick()).action).toBe('waiting');
    expect(titles).toEqual([]);

    vi.setSystemTime(new Date(Date.parse('2026-11-25T10:00:20Z') + QUIET_MS));
    expect(await tick()).toMatchObject({ action: 'built', count: 3 });
    expect(titles).toEqual(['Content published in Sanity: product:product-3, shopSettings:shopSettings']);
    expect(await tick()).toEqual({ action: 'nothing pending' });
    expect(titles).toHaveLength(1);
  });

  it('an editor publishing without pause still gets a build after ten minutes', async () => {
    const titles = buildHook();
    const start = Date.parse('2026-11-25T10:00:00Z');
    for (let second = 0; second <= MAX_WAIT_MS / 1000; second += 30) {
      vi.setSystemTime(new Date(start + second * 1000));
      await publish({ _id: `post-${second}`, _type: 'blogPost' });
      await tick();
    }
    expect(titles).toHaveLength(1);
    expect(titles[0]).toMatch(
      /^Content published in Sanity: blogPost:post-600, blogPost:post-570, blogPost:post-540 and \d+ more$/,
    );
  });

  it('keeps the publishes when the build hook fails or is not set, and builds once it answers', async () => {
    buildHook(500);
    await publish({ _id: 'product-1', _type: 'product' });
    vi.setSystemTime(new Date(Date.parse('2026-11-25T10:00:00Z') + QUIET_MS));
    expect(await tick()).toMatchObject({ action: 'failed', count: 1, error: 'the build hook answered HTTP 500' });
    vi.stubEnv('NETLIFY_BUILD_HOOK_URL', '');
    expect(await tick()).toMatchObject({ action: 'not configured', count: 1 });
    expect(vi.mocked(console.error)).toHaveBeenCalledTimes(2);
    vi.mocked(console.error).mockClear();
    vi.stubEnv('NETLIFY_BUILD_HOOK_URL', HOOK);
    const titles = buildHook();
    expect(await tick()).toMatchObject({ action: 'built', count: 1 });
    expect(titles).toHaveLength(1);
  });

  it('refuses a call not signed with the secret, or any call when no secret is set, and notes nothing', async () => {
    const titles = buildHook();
    expect((await publish({ _id: 'product-1', _type: 'product' }, 'another secret')).status).toBe(401);
    const unsigned = await contentPublished(
      new Request('http://localhost/api/content-published', { method: 'POST', body: '{"_id":"x","_type":"y"}' }),
    );
    expect(unsigned.status).toBe(401);
    vi.stubEnv('SANITY_WEBHOOK_SECRET', '');
    const unconfigured = await publish({ _id: 'product-1', _type: 'product' });
    expect(unconfigured.status).toBe(503);
    expect((await unconfigured.json()).error.code).toBe('NOT_CONFIGURED');
    vi.setSystemTime(new Date(Date.parse('2026-11-25T10:00:00Z') + MAX_WAIT_MS));
    expect(await tick()).toEqual({ action: 'nothing pending' });
    expect(titles).toEqual([]);
  });

  it('refuses a signed body that is not a document', async () => {
    const body = '{"hello":"world"}';
    const response = await contentPublished(
      new Request('http://localhost/api/content-published', {
        method: 'POST',
        headers: { [SIGNATURE_HEADER_NAME]: await encodeSignatureHeader(body, Date.now(), SECRET) },
        body,
      }),
    );
    expect(response.status).toBe(422);
  });
});
