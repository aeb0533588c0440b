/**
 * The staff's Apps Script web app (apps-script/Code.gs): it appends a tab's rows unless a row
 * with the same key is there, sends the shop's confirmation emails (`action: 'email'`, mail/), and
 * answers `{ ok, duplicate? }` or `{ ok: false, error }`.
 */
import { z } from 'zod';
import { failure, type Outcome } from '../platform/outcome.ts';
import type { TabWriter } from './client.ts';
import { tabRows } from './tabs.ts';

export const SHEETS_TIMEOUT_MS = 8000;

const appsScriptReplySchema = z.union([
  z.object({ ok: z.literal(true), duplicate: z.boolean().optional(), updated: z.boolean().optional() }),
  z.object({ ok: z.literal(false), error: z.string().optional() }),
]);

/** Where the web app is and how to reach it: the same for the Sheet's rows and the shop's emails. */
export interface AppsScriptTarget {
  url: string;
  secret: string | undefined;
  fetchImpl: typeof fetch;
  timeoutMs: number;
}

export function appsScriptWriter(target: AppsScriptTarget): TabWriter {
  return (tab, record, options = {}) =>
    postToAppsScript(
      target,
      {
        type: tab.type,
        tab: tab.name,
        [tab.keyField]: tab.key(record),
        headers: tab.headers,
        rows: tabRows(tab, record),
        ...(options.upsert && tab.updatable ? { action: 'upsert', update: tab.updatable } : {}),
      },
      'the rows',
    );
}

/**
 * POSTs one action to the web app with the shared secret and reads its answer `{ ok, duplicate?,
 * updated? }` or `{ ok: false, error }`; never throws. `what` names the payload in a refusal.
 */
export async function postToAppsScript(
  target: AppsScriptTarget,
  payload: Record<string, unknown>,
  what: string,
): Promise<Outcome<{ duplicate: boolean; updated?: boolean }>> {
  const { url, secret, fetchImpl, timeoutMs } = target;
  // The script refuses a request without the secret: say why here rather than send it.
  if (!secret) return failure('NOT_CONFIGURED', 'SHEETS_WEBHOOK_SECRET is not set');
  let response: Response;
  let text: string;
  try {
    // A web app answers a POST with a 302 to script.googleusercontent.com, which serves the
    // script's output to a GET; fetch follows it (and the timeout covers both requests).
    response = await fetchImpl(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ secret, ...payload }),
      redirect: 'follow',
      signal: AbortSignal.timeout(timeoutMs),
    });
    text = await response.text();
  } catch (error) {
    return failure(
      'UNREACHABLE',
      error instanceof Error && error.name === 'TimeoutError'
        ? `the Apps Script did not answer within ${timeoutMs} ms`
        : `the Apps Script could not be reached (${error instanceof Error ? error.message : String(error)})`,
    );
  }
  if (!response.ok) return failure('UNREACHABLE', `the Apps Script answered HTTP ${response.status}`);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    // Google's own error and sign-in pages are HTML with status 200.
    return failure('UNREACHABLE', 'the Apps Script did not answer JSON');
  }
  const reply = appsScriptReplySchema.safeParse(json);
  if (!reply.success) return failure('REFUSED', 'the Apps Script answered an unexpected shape');
  if (!reply.data.ok)
    return failure('REFUSED', `the Apps Script refused ${what}: ${reply.data.error ?? 'no reason given'}`);
  return {
    ok: true,
    duplicate: reply.data.duplicate ?? false,
    ...(reply.data.updated !== undefined ? { updated: reply.data.updated } : {}),
  };
}
