/**
 * The staff's Apps Script web app (apps-script/Code.gs): it appends a tab's rows unless a row
 * with the same key is there, applies a batch of records to a tab (`action: 'batch'`), sends the
 * shop's confirmation emails (`action: 'email'`, mail/), and answers `{ ok, duplicate? }`,
 * `{ ok, written }` or `{ ok: false, error, busy? }`.
 *
 * Google's refusals that heal by waiting are `BUSY`, not failures: a quota used up ("Service
 * invoked too many times for one day: …"), too many simultaneous executions ("Too many
 * simultaneous invocations: …"), the 6-minute limit ("Exceeded maximum execution time"), HTTP 429.
 * The script says so itself (`busy: true`) for what it catches; what Google answers in its place
 * (the script never ran, or was killed) comes as its HTML error page, with status 200, the
 * exception's words in it (docs/shop-rules.md §11, apps-script/README.md "Google's limits").
 */
import { z } from 'zod';
import { type Failure, failure, type Outcome } from '../platform/outcome.ts';
import type { BatchWriter, SheetBatchResult, TabWriter } from './client.ts';
import { tabRows } from './tabs.ts';

export const SHEETS_TIMEOUT_MS = 8000;

/**
 * Google's words for a refusal that heals by waiting, in its exceptions and error pages; and the
 * placeholder its web app serves for an execution it killed (our doPost always answers).
 */
const GOOGLE_BUSY =
  /too many simultaneous invocations|invoked too many times|exceeded maximum execution time|too much computer time|lock timeout|script completed but did not return anything/i;

const refusalSchema = z.object({ ok: z.literal(false), error: z.string().optional(), busy: z.boolean().optional() });

const appsScriptReplySchema = z.union([
  z.object({ ok: z.literal(true), duplicate: z.boolean().optional(), updated: z.boolean().optional() }),
  refusalSchema,
]);

const batchReplySchema = z.union([z.object({ ok: z.literal(true), written: z.array(z.string()) }), refusalSchema]);

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
 * Every record in one call to the tab named `name`: the script appends the new ones and rewrites
 * the updatable cells of those already there, and answers the keys the tab now holds as sent.
 */
export function appsScriptBatchWriter(target: AppsScriptTarget): BatchWriter {
  return async (tab, name, records) => {
    if (records.length === 0) return { ok: true, written: [] };
    const answer = await exchange(target, {
      action: 'batch',
      type: tab.type,
      tab: name,
      headers: tab.headers,
      update: tab.updatable ?? [],
      records: records.map((record) => ({ key: tab.key(record), rows: tabRows(tab, record) })),
    });
    if (!answer.ok) return answer;
    return readBatchReply(answer.json, `the batch for ${name}`);
  };
}

function readBatchReply(json: unknown, what: string): SheetBatchResult {
  const reply = batchReplySchema.safeParse(json);
  if (!reply.success) return failure('REFUSED', 'the Apps Script answered an unexpected shape');
  if (!reply.data.ok) return refused(reply.data, what);
  return { ok: true, written: reply.data.written };
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
  const answer = await exchange(target, payload);
  if (!answer.ok) return answer;
  const reply = appsScriptReplySchema.safeParse(answer.json);
  if (!reply.success) return failure('REFUSED', 'the Apps Script answered an unexpected shape');
  if (!reply.data.ok) return refused(reply.data, what);
  return {
    ok: true,
    duplicate: reply.data.duplicate ?? false,
    ...(reply.data.updated !== undefined ? { updated: reply.data.updated } : {}),
  };
}

/** The script's own refusal: `BUSY` when it says so, or when its words are Google's (an older script). */
function refused(reply: z.infer<typeof refusalSchema>, what: string): Failure {
  const reason = reply.error ?? 'no reason given';
  const busy = reply.busy === true || GOOGLE_BUSY.test(reason);
  return failure(busy ? 'BUSY' : 'REFUSED', `the Apps Script refused ${what}: ${reason}`);
}

/** One signed POST and its JSON; a failure for anything else (never throws). */
async function exchange(
  target: AppsScriptTarget,
  payload: Record<string, unknown>,
): Promise<Outcome<{ json: unknown }>> {
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
  if (response.status === 429) return failure('BUSY', 'the Apps Script answered HTTP 429 (too many requests)');
  const busy = GOOGLE_BUSY.test(text);
  if (!response.ok) {
    return busy
      ? failure('BUSY', `the Apps Script answered HTTP ${response.status}: ${googleSays(text)}`)
      : failure('UNREACHABLE', `the Apps Script answered HTTP ${response.status}`);
  }
  try {
    return { ok: true, json: JSON.parse(text) };
  } catch {
    // Google's own error and sign-in pages are HTML with status 200: its refusals among them.
    if (busy) return failure('BUSY', `Google refused the call for now: ${googleSays(text)}`);
    return failure('UNREACHABLE', 'the Apps Script did not answer JSON');
  }
}

/**
 * The refusal's words on Google's error page: the text of its one monospace block (`Exception:
 * Too many simultaneous invocations: Spreadsheets`), else the words matched; tags and entities out.
 */
function googleSays(page: string): string {
  const block = /font-family:\s*monospace[^>]*>([\s\S]*?)<\/div>/i.exec(page)?.[1];
  const words = block ?? GOOGLE_BUSY.exec(page)?.[0] ?? '';
  return words
    .replace(/<[^>]*>/g, ' ')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 200);
}
