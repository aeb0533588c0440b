/**
 * Every review and contact message counts once (docs/shop-rules.md §3). The browser names each
 * submission with an id of its own and sends the same id again for a double tap or a retry; here
 * each id gets a record in Netlify Blobs (store `submissions`, key `<kind>-<id>`), created
 * (create-only) before the Sheet is written and moved on with compare-and-swap writes:
 *
 *   pending ──claim──▶ sending ──Sheet took it──▶ sent
 *      ▲                  │
 *      └──Sheet failed────┘      (a claim older than CLAIM_STALE_MS is taken to be abandoned)
 *
 * So a resend of a sent submission is answered as a success without a second row; a resend of
 * one whose Sheet write failed writes it, once, even when several arrive together (only the
 * request that wins the claim writes; the others wait for its outcome). The same id with other
 * content is refused. The record holds no personal data: only a hash of the content and times.
 */
import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import type { JsonStore } from '../platform/blobs.ts';
import { fail, type ServiceResult } from '../platform/http.ts';
import type { Outcome } from '../platform/outcome.ts';

export type SubmissionKind = 'review' | 'contact';

/**
 * A request that finds another one writing the same submission waits this long for it: the
 * Sheet's own timeout (8 s) and a little, inside a function's 10 s.
 */
export const SUBMISSION_WAIT_MS = 8500;
/** A claim this old belongs to a request that died (functions end within 26 s): it may be taken over. */
export const CLAIM_STALE_MS = 30_000;
const POLL_MS = 150;
/** Lost compare-and-swap races before giving up (a record that keeps changing under us). */
const MAX_RACES = 20;

const recordSchema = z.object({
  kind: z.enum(['review', 'contact']),
  state: z.enum(['pending', 'sending', 'sent']),
  /** sha256 of the submission's content: the same id with other content is another submission. */
  fingerprint: z.string(),
  /** When it was first received: the row's date, however late a resend comes. */
  receivedAt: z.string(),
  claimedAt: z.string().optional(),
  sentAt: z.string().optional(),
  attempts: z.number().int().nonnegative(),
  lastError: z.string().optional(),
});
export type SubmissionRecord = z.infer<typeof recordSchema>;

export type SubmitResult =
  /** The Sheet has it: written now (`duplicate: false`) or by an earlier send of the same id. */
  | { ok: true; duplicate: boolean }
  /** `CONFLICT`: the id was used for other content. `BUSY`: another request is still writing it. `FAILED`: the Sheet did not take it; a resend tries again. */
  | { ok: false; code: 'CONFLICT' | 'BUSY' | 'FAILED'; message: string };

export interface SubmitOnce {
  store: JsonStore;
  kind: SubmissionKind;
  /** The browser's submission id (`submissionIdSchema`). */
  id: string;
  /** The submission as parsed, without the honeypot: what "the same content" means. */
  content: unknown;
  /** Writes the row, made from the content and the first receipt time (so a resend makes the same row). */
  send: (receivedAt: Date) => Promise<Outcome>;
  now?: () => Date;
  waitMs?: number;
}

export const submissionKey = (kind: SubmissionKind, id: string) => `${kind}-${id}`;

export function fingerprintOf(content: unknown): string {
  return createHash('sha256').update(JSON.stringify(content)).digest('hex');
}

export async function submitOnce(options: SubmitOnce): Promise<SubmitResult> {
  const { store, kind, id, send, now = () => new Date(), waitMs = SUBMISSION_WAIT_MS } = options;
  const key = submissionKey(kind, id);
  const fingerprint = fingerprintOf(options.content);
  const fresh = (): SubmissionRecord => ({
    kind,
    state: 'pending',
    fingerprint,
    receivedAt: now().toISOString(),
    attempts: 0,
  });
  // Recorded before the Sheet is touched; a record already there (a resend) is left as it is.
  await store.setJSON(key, fresh(), { onlyIfNew: true });
  const deadline = now().getTime() + waitMs;

  for (let race = 0; race < MAX_RACES; ) {
    const entry = await store.getWithMetadata(key, { type: 'json' });
    const parsed = recordSchema.safeParse(entry?.data);
    if (!entry?.etag || !parsed.success) {
      // Gone or unreadable (a cut-off write in the local sandbox): this submission starts it afresh.
      await store.setJSON(key, fresh());
      race += 1;
      continue;
    }
    const record = parsed.data;
    if (record.fingerprint !== fingerprint) {
      return { ok: false, code: 'CONFLICT', message: `Submission ${id} was already used for something else.` };
    }
    if (record.state === 'sent') return { ok: true, duplicate: true };
    if (record.state === 'sending' && !isStale(record, now())) {
      if (now().getTime() >= deadline) {
        return { ok: false, code: 'BUSY', message: `Submission ${id} is still being written by another request.` };
      }
      await sleep(POLL_MS);
      continue;
    }
    const claimedAt = now().toISOString();
    const claim: SubmissionRecord = { ...record, state: 'sending', claimedAt, attempts: record.attempts + 1 };
    const claimed = await store.setJSON(key, claim, { onlyIfMatch: entry.etag });
    if (!claimed.modified) {
      race += 1;
      continue;
    }
    const result = await send(new Date(record.receivedAt));
    await settle(store, key, claimedAt, result, now);
    return result.ok ? { ok: true, duplicate: false } : { ok: false, code: 'FAILED', message: result.message };
  }
  return { ok: false, code: 'BUSY', message: `Submission ${id} kept changing under us.` };
}

function isStale(record: SubmissionRecord, at: Date): boolean {
  const claimed = Date.parse(record.claimedAt ?? '');
  return Number.isNaN(claimed) || at.getTime() - claimed > CLAIM_STALE_MS;
}

/**
 * After a write: sent is always recorded (the row is in the Sheet, whoever holds the claim now); a
 * failure puts the submission back to pending only while this request still holds the claim.
 */
async function settle(
  store: JsonStore,
  key: string,
  claimedAt: string,
  result: Outcome,
  now: () => Date,
): Promise<void> {
  for (let race = 0; race < MAX_RACES; race += 1) {
    const entry = await store.getWithMetadata(key, { type: 'json' });
    const parsed = recordSchema.safeParse(entry?.data);
    if (!entry?.etag || !parsed.success || parsed.data.state === 'sent') return;
    const record = parsed.data;
    let next: SubmissionRecord;
    if (result.ok) {
      const { lastError: _lastError, ...rest } = record;
      next = { ...rest, state: 'sent', sentAt: now().toISOString() };
    } else {
      if (record.state !== 'sending' || record.claimedAt !== claimedAt) return;
      next = { ...record, state: 'pending', lastError: result.message };
    }
    if ((await store.setJSON(key, next, { onlyIfMatch: entry.etag })).modified) return;
  }
}

/** What a review or contact submission is told when it is taken (and what a bot is told, always). */
export const SUBMISSION_ACCEPTED = { ok: true, status: 201, body: { success: true } } as const;

/**
 * The answer to a review or contact submission: 201 once the Sheet has it (now or before), 409
 * when its id was used for other content, 502 when the Sheet did not take it and 503 while
 * another request is still writing it — both of which the shopper's resend settles. Every refusal
 * says the form's own failure text.
 */
export function submissionResult(
  result: SubmitResult,
  failedMessage: string,
): ServiceResult<(typeof SUBMISSION_ACCEPTED)['body']> {
  if (result.ok) return SUBMISSION_ACCEPTED;
  if (result.code === 'CONFLICT') return fail(409, 'SUBMISSION_CONFLICT', failedMessage);
  if (result.code === 'BUSY') return fail(503, 'SUBMISSION_IN_PROGRESS', failedMessage);
  return fail(502, 'SHEET_UNAVAILABLE', failedMessage);
}
