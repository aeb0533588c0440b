/**
 * Tasks without an order (issue 47): the day's pickup request (pickups/service.ts) and a review or
 * contact submission written once to the Sheet (submissions/once.ts). Their rows lie on the one
 * `tasks` table beside the orders' (`order_id` null), under a key that names what they are for,
 * and follow the order tasks' rules and columns (order-statements.ts CLAIM and SETTLE_ROW):
 *
 *   ensure ─▶ pending ─claim─▶ running ─settle─▶ done | retry (at run_at) | given-up | skipped
 *
 * claimed by key with `for update skip locked`, so two requests or runs never both hold one; a
 * `running` claim older than the one STALE_CLAIM_MS belongs to a worker that was stopped and is
 * taken over; settled by the runner's one policy (`settledState`). The order runner never claims
 * these rows: it claims its own kinds only, by order.
 */
import { randomUUID } from 'node:crypto';
import { STALE_CLAIM_MS } from '#shop/order-engine/index.ts';
import { SETTLE_ROW } from '../orders/order-statements.ts';
import type { Queries } from '../platform/database.ts';
import { settledState, type TaskOutcome } from './runner.ts';
import type { TaskRow } from './task-view.ts';

/** The day's pickup, a review or contact submission, and the Sheet batches' gate (sheet-kind.ts). */
export type SiteTaskKind = 'pickup' | 'submission' | 'sheet-batch';

/** The runner's policy as these kinds take it: retries counted from the first attempt, none kept forever. */
const SITE_KIND = { windowFrom: 'first-attempt' } as const;

const TIMES = ['run_at', 'claimed_at', 'armed_at', 'first_attempt_at', 'created_at', 'updated_at'] as const;

/** A row as node-postgres gives it (times as Date, the id as a string) read as the log reads one. */
function taskOf(raw: Record<string, unknown>): TaskRow {
  const row = { ...raw, id: Number(raw.id) } as Record<string, unknown>;
  for (const column of TIMES) {
    const value = row[column];
    if (value instanceof Date) row[column] = value.toISOString();
  }
  return row as unknown as TaskRow;
}

const one = (rows: Record<string, unknown>[]) => (rows[0] ? taskOf(rows[0]) : undefined);

/**
 * Writes the task's row, due now, unless its key is there already: a task is earned once however
 * often it is asked. `created_at` is when it was first asked (a submission's receipt time).
 */
export async function ensureTask(
  db: Queries,
  task: { key: string; kind: SiteTaskKind; payload?: Record<string, unknown> },
  now: Date,
): Promise<void> {
  await db.query(
    `insert into tasks (key, order_id, kind, state, attempts, run_at, armed_at, payload, created_at, updated_at)
     values ($1, null, $2, 'pending', 0, $4, $4, $3::jsonb, $4, $4)
     on conflict (key) do nothing`,
    [task.key, task.kind, JSON.stringify(task.payload ?? {}), now.toISOString()],
  );
}

export async function readTask(db: Queries, key: string): Promise<TaskRow | undefined> {
  return one(await db.query('select * from tasks where key = $1 and order_id is null', [key]));
}

export interface ClaimOptions {
  /** Written over the payload's fields with the claim: what this attempt asks (the day's parcel count). */
  payload?: Record<string, unknown>;
  /**
   * Asked for now by someone waiting on it (a shopper's resend): one waiting to retry, or given up,
   * is due at once. The back-off paces retries nobody asked for; a person asking again is the retry.
   */
  askedNow?: boolean;
}

/**
 * Claims the task under `key` for a new claim: pending or retry due now, or running under a claim
 * older than STALE_CLAIM_MS. Undefined when it is not due, settled, or another holds it (a second
 * claimer at the same moment skips the locked row rather than waiting for it).
 */
export async function claimTask(
  db: Queries,
  key: string,
  now: Date,
  options: ClaimOptions = {},
): Promise<TaskRow | undefined> {
  const stale = new Date(now.getTime() - STALE_CLAIM_MS).toISOString();
  const rows = await db.query(
    `update tasks t set state = 'running', claim = $2, claimed_at = $3, attempts = t.attempts + 1,
       first_attempt_at = coalesce(t.first_attempt_at, $3), updated_at = $3,
       armed_at = case when $6 then $3 else t.armed_at end, payload = t.payload || $5::jsonb
     from (select id from tasks
           where key = $1 and order_id is null
             and ((state in ('pending', 'retry') and run_at <= $3) or ($6 and state in ('retry', 'given-up'))
                  or (state = 'running' and claimed_at <= $4))
           for update skip locked) due
     where t.id = due.id
     returning t.*`,
    [key, randomUUID(), now.toISOString(), stale, JSON.stringify(options.payload ?? {}), options.askedNow ?? false],
  );
  return one(rows);
}

/**
 * Settles a claimed task by the one policy (runner.ts `settledState`): done, retried at its
 * back-off, or given up with the provider's words once the retry window has passed. Only the claim
 * that holds it settles it: undefined when another took it over meanwhile (it cannot while this
 * worker lives: STALE_CLAIM_MS is far beyond a function's time).
 */
export async function settleTask(
  db: Queries,
  task: TaskRow,
  outcome: TaskOutcome,
  now: Date,
): Promise<TaskRow | undefined> {
  const settled = settledState(SITE_KIND, task, outcome, now);
  // The order tasks' own settle, by the claim that holds the row.
  const rows = await db.query(SETTLE_ROW.replace('returning key', 'returning *'), [
    task.key,
    task.claim,
    settled.state,
    settled.error ?? null,
    JSON.stringify(settled.result),
    settled.runAt,
    settled.at,
  ]);
  return one(rows);
}

/**
 * Gives up a task waiting to retry whose purpose has passed (the day's pickup time): nothing more
 * is asked, and its last error stays for staff. A running one is left to its claim.
 */
export async function giveUpTask(db: Queries, key: string, now: Date): Promise<TaskRow | undefined> {
  return one(
    await db.query(
      `update tasks set state = 'given-up', updated_at = $2
       where key = $1 and order_id is null and state = 'retry'
       returning *`,
      [key, now.toISOString()],
    ),
  );
}

/**
 * Adds facts learnt after the settle to its result (what the Sheet's row last showed), only while
 * the row is as read: a claim or settle since (its state or attempts moved) has its own to show.
 */
export async function addToResult(
  db: Queries,
  task: TaskRow,
  result: Record<string, unknown>,
): Promise<TaskRow | undefined> {
  return one(
    await db.query(
      `update tasks set result = result || $4::jsonb
       where key = $1 and state = $2 and attempts = $3 and claim is null
       returning *`,
      [task.key, task.state, task.attempts, JSON.stringify(result)],
    ),
  );
}
