/**
 * Every review and contact message counts once (docs/shop-rules.md §3). The browser names each
 * submission with an id of its own and sends the same id again for a double tap or a retry; here
 * each id is a task without an order on the one `tasks` table (tasks/site-tasks.ts), key
 * `submission/<kind>-<id>`, kind `submission`, written (if missing) before the Sheet is touched:
 *
 *   pending ──claim──▶ running ──Sheet took it──▶ done
 *      ▲                  │
 *      └──── retry ◀──────┘  Sheet failed (the runner's one policy: given up after its window)
 *
 * So a resend of a sent submission is answered as a success without a second row; a resend of one
 * whose Sheet write failed writes it, once, even when several arrive together (only the request
 * that wins the claim writes; the others wait for its outcome). Only the shopper's request holds
 * the content, so nothing but a resend retries it: a resend is asked for now, whatever the back-off
 * says. The same id with other content is refused. The row holds no personal data: a hash of the
 * content in `payload`; the first receipt is the row's `created_at`.
 */
import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Queries } from '../platform/database.ts';
import { fail, type ServiceResult } from '../platform/http.ts';
import { failure, type Outcome } from '../platform/outcome.ts';
import { claimTask, ensureTask, readTask, settleTask } from '../tasks/site-tasks.ts';
import type { TaskRow } from '../tasks/task-view.ts';

export type SubmissionKind = 'review' | 'contact';

/**
 * A request that finds another one writing the same submission waits this long for it: the
 * Sheet's own timeout (8 s) and a little, inside a function's 10 s. A claim is taken over only
 * after the one STALE_CLAIM_MS (5 minutes), far beyond this wait, so a live writer is never taken
 * over: a waiting request answers BUSY (503) in time and the shopper's resend asks again. A request
 * that died mid-write leaves its claim for those 5 minutes, and resends meanwhile are answered BUSY;
 * that is acceptable because a function dying between its claim and its settle is rare, the
 * message is not lost (the shopper still has it and the dead request may well have written it), and
 * a shorter time would risk two rows from a slow write still in flight.
 */
export const SUBMISSION_WAIT_MS = 8500;
const POLL_MS = 150;

export type SubmitResult =
  /** The Sheet has it: written now (`duplicate: false`) or by an earlier send of the same id. */
  | { ok: true; duplicate: boolean }
  /** `CONFLICT`: the id was used for other content. `BUSY`: another request is still writing it. `FAILED`: the Sheet did not take it; a resend tries again. */
  | { ok: false; code: 'CONFLICT' | 'BUSY' | 'FAILED'; message: string };

export interface SubmitOnce {
  /** The shop's database: the submission's task row. */
  db: Queries;
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

export const submissionKey = (kind: SubmissionKind, id: string) => `submission/${kind}-${id}`;

export function fingerprintOf(content: unknown): string {
  return createHash('sha256').update(JSON.stringify(content)).digest('hex');
}

export async function submitOnce(options: SubmitOnce): Promise<SubmitResult> {
  const { db, kind, id, now = () => new Date(), waitMs = SUBMISSION_WAIT_MS } = options;
  const key = submissionKey(kind, id);
  const fingerprint = fingerprintOf(options.content);
  // Recorded before the Sheet is touched; a row already there (a resend) is left as it is.
  await ensureTask(db, { key, kind: 'submission', payload: { fingerprint } }, now());
  const deadline = now().getTime() + waitMs;

  for (;;) {
    const task = await readTask(db, key);
    // A row without a fingerprint (never one this code writes) is nobody's content: this one takes it.
    const theirs = task?.payload.fingerprint;
    if (theirs !== undefined && theirs !== fingerprint) {
      return { ok: false, code: 'CONFLICT', message: `Submission ${id} was already used for something else.` };
    }
    if (task?.state === 'done') return { ok: true, duplicate: true };
    // Undefined while another request's claim is fresh: it is writing, and this one waits for it.
    const claimed = await claimTask(db, key, now(), { payload: { fingerprint }, askedNow: true });
    if (claimed) return write(db, claimed, options.send, now);
    if (now().getTime() >= deadline) {
      return { ok: false, code: 'BUSY', message: `Submission ${id} is still being written by another request.` };
    }
    await sleep(POLL_MS);
  }
}

/**
 * Writes the row under this request's claim and settles it: done, or a failure kept for the next
 * resend. A settle from a claim taken over meanwhile changes nothing (whoever holds it settles it).
 */
async function write(db: Queries, claimed: TaskRow, send: SubmitOnce['send'], now: () => Date): Promise<SubmitResult> {
  let result: Outcome;
  try {
    result = await send(new Date(claimed.created_at));
  } catch (error) {
    // Settled as a failure, as the runner does: a claim left running would answer every resend
    // BUSY until STALE_CLAIM_MS had passed.
    result = failure('UNREACHABLE', (error as Error).message);
  }
  await settleTask(
    db,
    claimed,
    result.ok
      ? { status: 'done', result: { sentAt: now().toISOString() } }
      : { status: 'failed', error: result.message },
    now(),
  );
  return result.ok ? { ok: true, duplicate: false } : { ok: false, code: 'FAILED', message: result.message };
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
