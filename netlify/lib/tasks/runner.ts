/**
 * The one task runner (issue 47, decision 031): claims an order's due tasks with `for update skip
 * locked` (so two runners never take one task), performs each through its kind (`perform → outcome`),
 * and settles it in the same statement that writes what it changed on the order: the kind's
 * `task-settled` event, applied by the order's engine (order-log.ts `settleTask`).
 *
 * One policy for every kind: a failure is retried after 15 min, 30 min, 1 h, 2 h, then every 4 h,
 * for a day from the first attempt (a notice: from when it was earned), then given up for staff
 * (`Needs attention`); a failure that will never heal is given up at once; a kind that must never
 * give up (the invoice: the goods have left) retries every 15 minutes. A claim older than
 * STALE_CLAIM_MS belongs to a runner that was stopped: another takes it over, and the task is done
 * once (its outside call carries a key derived from the task, so a repeat is refused there).
 */
import { randomUUID } from 'node:crypto';
import type { StoredOrder } from '#shop/order/index.ts';
import type { OrderChangeEvent } from '#shop/order-engine/index.ts';
import { STALE_CLAIM_MS } from '#shop/order-engine/index.ts';
import type { OrderDeps } from '../orders/types.ts';
import type { TaskRow, TaskState } from './task-view.ts';

/** Retries stop this long after the first attempt; the task then needs staff's attention. */
export const RETRY_WINDOW_MS = 24 * 60 * 60 * 1000;
const FIRST_RETRY_MS = 15 * 60 * 1000;
const LONGEST_RETRY_MS = 4 * 60 * 60 * 1000;

/** 15 min, 30 min, 1 h, 2 h, then every 4 h: the reconciler runs every 15 minutes. */
export function retryDelayMs(attempts: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), LONGEST_RETRY_MS);
}

/** What came of performing a task. */
export type TaskOutcome =
  /** `order`: the order as the task's own write left it (the invoice frozen on it), for its settle to write over. */
  | { status: 'done'; result?: Record<string, unknown>; note?: string; order?: StoredOrder }
  /**
   * It failed; `permanent`: it never will (a number not on WhatsApp), given up at once. `afterMs`:
   * tried again then rather than after the policy's back-off, for a task retried with its batch
   * (the Sheet's rows: the next batch, a minute on); the day's window and `Needs attention` stay.
   */
  | { status: 'failed'; error: string; permanent?: boolean; afterMs?: number }
  /** No longer true when its turn came (a parcel moved on): nothing done, and nothing to do. */
  | { status: 'skipped' }
  /**
   * Not failed, not finished: the provider has not decided yet (a refund Razorpay still calls
   * pending, a payment not captured yet). Asked again in 15 minutes, for as long as it takes.
   */
  | { status: 'later'; result?: Record<string, unknown>; afterMs?: number };

export interface SettledTask {
  task: TaskRow;
  state: TaskState;
  error?: string;
  result: Record<string, unknown>;
  at: string;
  runAt: string;
  /** Settled `later` (not a failure): the provider has not decided yet. */
  later?: true;
}

interface KindRules {
  /** May it run on this order now? One that may not waits until the order changes (order-tasks.ts). */
  ready?(order: StoredOrder): boolean;
  /** Counted from the first attempt (a forward) or from when it was earned (a notice). */
  windowFrom: 'first-attempt' | 'earned';
  /** Never given up: retried every 15 minutes for as long as it fails (the invoice). */
  neverGivesUp?: boolean;
  /**
   * What the settled task writes on its order through the engine: a forward's or notice's state as
   * its row now reads (`task-settled`, src/shop/order-engine/task-settles.ts), a cancellation's
   * step, Razorpay's word on a refund; undefined, or an event that changes nothing, settles the row alone.
   */
  settledEvent(settled: SettledTask): OrderChangeEvent | undefined;
}

/** A kind of task, performed for its order by the order runner. */
export interface TaskKind extends KindRules {
  perform(deps: OrderDeps, order: StoredOrder, task: TaskRow): Promise<TaskOutcome>;
  /**
   * Where it is written for many orders at once (`batches(deps)`: the Sheet's rows through the Apps
   * Script, one call per tab: netlify/lib/orders/sheet-kind.ts), the order runner leaves its tasks
   * to `batch`, asked once the order's own have run; elsewhere each is performed with its order.
   */
  batches?(deps: OrderDeps): boolean;
  batch?(deps: OrderDeps): Promise<void>;
}

/** The settled state of a task, from its outcome and the one policy above. */
export function settledState(
  kind: Pick<TaskKind, 'windowFrom' | 'neverGivesUp'>,
  task: TaskRow,
  outcome: TaskOutcome,
  now: Date,
): SettledTask {
  const at = now.toISOString();
  const base = { task, at, runAt: at, result: task.result };
  if (outcome.status === 'done') {
    // A note (Delhivery had the order already) or the last failure's words stay for staff to read.
    const error = outcome.note ?? task.last_error ?? undefined;
    return { ...base, state: 'done', result: { ...task.result, ...outcome.result }, ...(error ? { error } : {}) };
  }
  if (outcome.status === 'skipped') return { ...base, state: 'skipped' };
  if (outcome.status === 'later') {
    const runAt = new Date(now.getTime() + (outcome.afterMs ?? FIRST_RETRY_MS)).toISOString();
    return { ...base, state: 'retry', runAt, result: { ...task.result, ...outcome.result }, later: true };
  }
  if (kind.neverGivesUp) {
    return {
      ...base,
      state: 'retry',
      error: outcome.error,
      runAt: new Date(now.getTime() + FIRST_RETRY_MS).toISOString(),
    };
  }
  const since = Date.parse(kind.windowFrom === 'earned' ? task.created_at : (task.first_attempt_at ?? at));
  if (outcome.permanent || now.getTime() - since >= RETRY_WINDOW_MS) {
    return { ...base, state: 'given-up', error: outcome.error };
  }
  return {
    ...base,
    state: 'retry',
    error: outcome.error,
    runAt: new Date(now.getTime() + (outcome.afterMs ?? retryDelayMs(task.attempts))).toISOString(),
  };
}

/**
 * The order's kinds, in the order they run: Razorpay's word on a payment that has not come (it may
 * make the order paid), the booking (the Sheet's rows show its waybill), its cancellation next and
 * what is left of it, then the money back, a COD order's chase, the rows last (they show the refund's id).
 */
export type KindName =
  | 'payment-start'
  | 'payment-check'
  | 'shipment'
  | 'cancel-booking'
  | 'cancel-finish'
  | 'refund'
  | 'invoice'
  | 'cod-chase'
  | 'email'
  | 'notice'
  | 'sheet';
const PHASES: readonly (readonly KindName[])[] = [
  // Asked only by the shopper's request (never earned by the engine): the sweep never pays.
  ['payment-start'],
  ['payment-check'],
  ['shipment'],
  ['cancel-booking'],
  ['cancel-finish'],
  ['refund'],
  ['invoice'],
  // A COD order's chase step before the notices: the message it earns goes in the same run.
  ['cod-chase'],
  ['email', 'notice'],
  ['sheet'],
];

export interface RunReport {
  done: string[];
  failed: string[];
  skipped: string[];
  /** Settled `later`: asked again in 15 minutes. */
  later: string[];
  /** What each task that failed said (the provider's words), by its name. */
  problems: Record<string, string>;
  /** The order as read when nothing more was due (undefined when the run ended otherwise). */
  order?: StoredOrder;
}

/** How often one call runs a phase at most (a task that earns itself again, as the Sheet's rows after a change). */
const PASSES = 3;

/**
 * Runs the order's due tasks of `kinds`, phase by phase, until none is due (a task one of them
 * earned, as the Sheet's rows after a booking, runs in the same call). Each task once, whoever
 * else runs the order at the same moment. Each round claims the first phase with due tasks and
 * reads the order in one statement (order-log.ts `claimPhase`), and each settle writes over the
 * order as claimed (or as the task's own write left it) unless something wrote it meanwhile.
 */
export async function runOrderTasks(
  deps: OrderDeps,
  kinds: Readonly<Record<KindName, TaskKind>>,
  orderId: string,
  only: readonly KindName[] = PHASES.flat(),
): Promise<RunReport> {
  const report: RunReport = { done: [], failed: [], skipped: [], later: [], problems: {} };
  const runs = new Map<number, number>();
  // A phase found due whose tasks another runner claimed first: it is theirs; the later phases go on.
  const taken = new Set<number>();
  const batched = only.filter((name) => kinds[name].batches?.(deps));
  for (;;) {
    const phases = PHASES.map((phase, index) =>
      (runs.get(index) ?? 0) < PASSES && !taken.has(index)
        ? phase.filter((kind) => only.includes(kind) && !batched.includes(kind))
        : [],
    );
    if (phases.every((phase) => phase.length === 0)) break;
    const claimed = await deps.log.claimPhase(orderId, phases, randomUUID(), deps.now(), STALE_CLAIM_MS);
    if (claimed.phase === undefined) {
      report.order = claimed.order;
      break;
    }
    if (claimed.tasks.length === 0) {
      taken.add(claimed.phase);
      continue;
    }
    runs.set(claimed.phase, (runs.get(claimed.phase) ?? 0) + 1);
    const order = claimed.order;
    if (!order) continue;
    await Promise.all(claimed.tasks.map((task) => runOne(deps, kinds[task.kind as KindName], order, task, report)));
  }
  for (const name of batched) await kinds[name].batch?.(deps);
  // The batch may have written this order (its rows done, the order `forwarded`): read as it now is.
  if (batched.length > 0) report.order = await deps.log.get(orderId);
  return report;
}

async function runOne(deps: OrderDeps, kind: TaskKind, order: StoredOrder, task: TaskRow, report: RunReport) {
  if (kind.ready && !kind.ready(order)) {
    await deps.log.releaseTask(task, 'waiting');
    return;
  }
  let outcome: TaskOutcome;
  try {
    outcome = await kind.perform(deps, order, task);
  } catch (error) {
    outcome = { status: 'failed', error: (error as Error).message };
  }
  const settled = settledState(kind, task, outcome, deps.now());
  const basis = (outcome.status === 'done' && outcome.order) || order;
  await deps.log.settleTask(task, settled, kind.settledEvent(settled), basis);
  const name = task.key.slice(task.key.indexOf('/') + 1);
  if (settled.state === 'done') report.done.push(name);
  else if (settled.state === 'skipped') report.skipped.push(name);
  else if (settled.later) report.later.push(name);
  else {
    report.failed.push(name);
    report.problems[name] = settled.error ?? 'failed';
  }
}
