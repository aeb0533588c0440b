/**
 * The order log's claims on an order's tasks (decision 031): a runner claims an order's due tasks
 * (`for update skip locked`), by phase with the order read in the same statement, gives back one
 * not ready yet, and a person's request re-arms one (the shopper's Pay). Settling a claimed task
 * writes its order too, so it stays with the log's writes (order-log.ts `settleTask`). Part of the
 * log (order-log.ts spreads them in), so callers keep one `deps.log`.
 */
import type { StoredOrder } from '#shop/order/index.ts';
import type { Queries } from '../platform/database.ts';
import type { TaskRow, TaskState } from '../tasks/task-view.ts';
import { CLAIM, CLAIM_PHASE, REARM, type Row } from './order-statements.ts';

export function orderTaskClaims(
  db: Queries,
  get: (orderId: string) => Promise<StoredOrder | undefined>,
  handOut: (row: Row) => StoredOrder,
) {
  return {
    /** Claims `orderId`'s due tasks of `kinds` for the claim `claim`, without reading the order (the runner claims by phase: `claimPhase`). */
    async claimTasks(orderId: string, kinds: readonly string[], claim: string, now: Date, staleMs: number) {
      const stale = new Date(now.getTime() - staleMs).toISOString();
      const rows = await db.query<{ task: TaskRow }>(CLAIM('order_id = $5', ''), [
        claim,
        now.toISOString(),
        stale,
        kinds,
        orderId,
      ]);
      return rows.map((row) => row.task);
    },

    /**
     * Claims `orderId`'s due tasks of the first of `phases` (kinds run together, in the order they
     * run) that has any, and reads the order with them (runner.ts): `phase`, the index of that phase
     * (undefined when none is due; its tasks may all be another runner's by the time of the claim).
     */
    async claimPhase(
      orderId: string,
      phases: readonly (readonly string[])[],
      claim: string,
      now: Date,
      staleMs: number,
    ): Promise<{ phase: number | undefined; tasks: TaskRow[]; order: StoredOrder | undefined }> {
      const stale = new Date(now.getTime() - staleMs).toISOString();
      const [row] = await db.query<
        Omit<Row, 'version'> & { version: number | null; phase: number | null; claimed: TaskRow[]; fresh: boolean }
      >(CLAIM_PHASE, [
        claim,
        now.toISOString(),
        stale,
        phases.flat(),
        orderId,
        phases.flatMap((phase, index) => phase.map(() => index)),
      ]);
      const tasks = row?.claimed ?? [];
      const phase = row?.phase ?? undefined;
      if (row?.version === null || row?.version === undefined) return { phase, tasks, order: undefined };
      if (!row.fresh) return { phase, tasks, order: await get(orderId) };
      const claimed = new Map(tasks.map((task) => [task.id, task]));
      const { version, record, lines, history } = row;
      const read = { version, record, lines, history, tasks: row.tasks.map((task) => claimed.get(task.id) ?? task) };
      return { phase, tasks, order: handOut(read) };
    },

    /** A task's state as its row reads now (`running`: a runner holds its claim), or undefined if there is none. */
    async taskState(key: string): Promise<TaskState | undefined> {
      const [row] = await db.query<{ state: TaskState }>('select state from tasks where key = $1', [key]);
      return row?.state;
    },

    /** Gives a claimed task back unperformed: not ready yet, it waits for its order to change. */
    async releaseTask(task: TaskRow, state: 'waiting' | 'pending'): Promise<void> {
      await db.query(
        `update tasks set state = $3, claim = null, claimed_at = null, attempts = attempts - 1,
           first_attempt_at = case when attempts = 1 then null else first_attempt_at end
         where key = $1 and claim = $2`,
        [task.key, task.claim, state],
      );
    },

    /**
     * Asks for tasks settled or waiting out their back-off to run now, inserting one the order
     * never had a row for: a task a person asks for, not the engine (the shopper's Pay asks the
     * order's `payment-start`, payment-start-kind.ts); a running one is left to its claim.
     */
    async rearmTasks(orderId: string, tasks: readonly { key: string; kind: string }[], now: Date): Promise<void> {
      if (tasks.length === 0) return;
      await db.query(REARM, [orderId, JSON.stringify(tasks), now.toISOString()]);
    },
  };
}
