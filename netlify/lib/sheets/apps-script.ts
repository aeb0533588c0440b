/**
 * The staff's Apps Script web app (apps-script/Code.gs): it appends a tab's rows unless a row
 * with the same key is there, and answers `{ ok, duplicate? }` or `{ ok: false, error }`.
 */
import { z } from 'zod';
import { failure } from '../platform/outcome.ts';
import type { TabWriter } from './client.ts';
import { tabRows } from './tabs.ts';

export const SHEETS_TIMEOUT_MS = 8000;

const appsScriptReplySchema = z.union([
  z.object({ ok: z.literal(true), duplicate: z.boolean().optional(), updated: z.boolean().optional() }),
  z.object({ ok: z.literal(false), error: z.string().optional() }),
]);

export function appsScriptWriter(
  url: string,
  secret: string | undefined,
  fetchImpl: typeof fetch,
  timeoutMs: number,
): TabWriter {
  return async (tab, record, options = {}) => {
    // The script refuses a request without the secret: say why here rather than send it.
    if (!secret) return failure('NOT_CONFIGURED', 'SHEETS_WEBHOOK_SECRET is not set');
    const body = {
      secret,
      type: tab.type,
      tab: tab.name,
      [tab.keyField]: tab.key(record),
      headers: tab.headers,
      rows: tabRows(tab, record),
      ...(options.upsert && tab.updatable ? { action: 'upsert', update: tab.updatable } : {}),
    };
    let response: Response;
    let text: string;
    try {
      // A web app answers a POST with a 302 to script.googleusercontent.com, which serves the
      // script's output to a GET; fetch follows it (and the timeout covers both requests).
      response = await fetchImpl(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
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
      return failure('REFUSED', `the Apps Script refused the rows: ${reply.data.error ?? 'no reason given'}`);
    return {
      ok: true,
      duplicate: reply.data.duplicate ?? false,
      ...(reply.data.updated !== undefined ? { updated: reply.data.updated } : {}),
    };
  };
}
