/**
 * What a function test of the review and contact endpoints needs around it: Netlify's local Blobs
 * server (found through NETLIFY_BLOBS_CONTEXT, as on Netlify), a temporary LOCAL_SHEETS_DIR for
 * the local Sheet, the given variables unset, and console.warn silenced (and inspectable).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { HttpResponse, http } from 'msw';
import { afterAll, afterEach, beforeAll, beforeEach, type MockInstance, vi } from 'vitest';
import { staffActionSecret } from '../../netlify/lib/orders/staff-request.ts';
import { readServerEnv } from '../../netlify/lib/platform/env.ts';
import { startTestBlobs, type TestBlobs } from './blobs.ts';
import { server } from './msw.ts';

export function functionSandbox(prefix: string, unset: readonly string[] = []) {
  let blobs: TestBlobs;
  let sheetsDir = '';
  let warn: MockInstance<typeof console.warn>;
  beforeAll(async () => {
    blobs = await startTestBlobs();
  });
  afterAll(async () => {
    await blobs.stop();
  });
  beforeEach(async () => {
    sheetsDir = await mkdtemp(path.join(tmpdir(), `ouo-fn-${prefix}-`));
    vi.stubEnv('LOCAL_SHEETS_DIR', sheetsDir);
    vi.stubEnv('NETLIFY_BLOBS_CONTEXT', blobs.context);
    for (const name of ['SHEETS_WEBHOOK_URL', 'SHEETS_WEBHOOK_SECRET', ...unset]) vi.stubEnv(name, undefined);
    // COD orders ship as placed unless a test is about their confirmation (rule 17): it sets it `on`.
    vi.stubEnv('COD_CONFIRMATION', 'off');
    warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(async () => {
    vi.unstubAllEnvs();
    warn.mockRestore();
    await rm(sheetsDir, { recursive: true, force: true });
  });
  return { blobs: () => blobs, sheetsDir: () => sheetsDir, warn: () => warn };
}

/** A new submission id, as the browser makes one when a form is first sent. */
let submissions = 0;
export function newSubmissionId(prefix: string): string {
  submissions += 1;
  return `${prefix}-${submissions}-${Date.now()}`;
}

/**
 * The Apps Script web app at `url`, down (503) until `up()` is called; `received` are the ids of
 * the records it took, in order.
 */
export function scriptDownAtFirst(url: string) {
  const received: string[] = [];
  let down = true;
  server.use(
    http.post(url, async ({ request }) => {
      const body = (await request.json()) as { id: string };
      if (down) return new HttpResponse('Service Unavailable', { status: 503 });
      received.push(body.id);
      return HttpResponse.json({ ok: true });
    }),
  );
  return {
    received,
    up: () => {
      down = false;
    },
  };
}

/** GET /api/health as staff ask it: with the staff secret, for the details (issue 46). */
export function staffHealthRequest(): Request {
  const secret = staffActionSecret(readServerEnv());
  return new Request('http://localhost/api/health', { headers: { authorization: `Bearer ${secret}` } });
}
