/**
 * The staff's Sheet as a view written in batches (issue 48 point 2; docs/shop-rules.md §11). Each
 * order whose rows show something new has its `sheet` task due (the engine re-arms it when a cell
 * changes: src/shop/order-engine/sheet-row.ts); no order writes its own rows. A batch takes every
 * row due (up to `maxOrders`), reads those orders once, and writes them in ONE call per Orders tab
 * (`writeOrders`; one tab per financial year, src/shop/order/sheet-tab.ts): a row changed five times in
 * the minute is written once, as it is now. Batches take turns through one gate (a task without an
 * order, `sheet-batch`) that opens `everyMs` after the last (a minute in production), at once when
 * more rows wait than one batch takes: at most one call per tab per minute in steady state.
 *
 * Google's refusals (a quota, too many simultaneous executions: `BUSY`) are not failures: the rows
 * wait a minute, nothing is marked `Needs attention`; a real error is retried by the one back-off
 * and given up for staff after a day (runner.ts).
 */
import { randomUUID } from 'node:crypto';
import type { StoredOrder } from '#shop/order/index.ts';
import { ordersTabOf } from '#shop/order/index.ts';
import { STALE_CLAIM_MS, sheetCells, sheetFingerprint } from '#shop/order-engine/index.ts';
import { documentUrl } from '../invoices/links.ts';
import type { SheetBatchResult } from '../sheets/client.ts';
import type { SheetOrder } from '../sheets/orders-tab.ts';
import { forwardReady } from '../tasks/order-tasks.ts';
import { settledState, type TaskKind, type TaskOutcome } from '../tasks/runner.ts';
import { settledForward, type TaskRow } from '../tasks/task-view.ts';
import type { OrderDeps } from './types.ts';

export interface SheetBatchLimits {
  /** The gate opens this long after a batch: a minute in production, 0 where every change is written at once (tests, development). */
  everyMs: number;
  /** Orders in one batch; more waiting opens the gate again at once. */
  maxOrders: number;
}

export const SHEET_BATCH: SheetBatchLimits = { everyMs: 60_000, maxOrders: 500 };

/** Google refused for now (BUSY): the rows wait this long, and so does the gate. */
const BUSY_WAIT_MS = 60_000;
/** Rows given up after a day of failures (`Needs attention`) are still tried this often. */
const GIVEN_UP_RETRY_MS = 60 * 60 * 1000;
/** Batches one flush runs at most before leaving the rest to the next (a function's time is short). */
const ROUNDS = 10;

type Due = { task: TaskRow; order: StoredOrder };

/** What the Orders tab shows of an order: its record, the cells the engine derives, its links. */
export function sheetOrderOf(deps: OrderDeps, order: StoredOrder): SheetOrder {
  return {
    ...order.record,
    ...sheetCells(order),
    ...(order.forwards.shipment.waybill ? { labelUrl: deps.labelLink?.(order.orderId) } : {}),
    ...(order.invoice ? { invoiceUrl: documentUrl(deps.siteUrl, order) } : {}),
    lines: order.cart.lines,
  };
}

/**
 * What the Sheet's answer makes of one order's task. A call that failed whole (the script down or
 * erring) is a failure of each of its rows, counted by the one policy, but tried again with the
 * next batch (`batchRetryMs`) rather than on each row's own back-off: when the Sheet answers again
 * the rows that waited go together, oldest first, one call per tab.
 */
function outcomeOf(result: SheetBatchResult, order: StoredOrder, tab: string, batchRetryMs?: number): TaskOutcome {
  if (result.ok && result.written.includes(order.orderId)) {
    const cells = { syncedStatus: sheetCells(order).status, syncedCells: sheetFingerprint(order), tab };
    return { status: 'done', result: cells };
  }
  if (result.ok) return { status: 'failed', error: `the Sheet did not write ${order.orderId}` };
  if (result.code === 'BUSY') return { status: 'later', afterMs: BUSY_WAIT_MS };
  return { status: 'failed', error: result.message, ...(batchRetryMs ? { afterMs: batchRetryMs } : {}) };
}

/** What a batch's calls came to: all answered, Google said wait, or a call failed. */
type BatchAnswer = 'written' | 'busy' | 'failed';

/** One tab's rows in one call, each order's task settled by what the Sheet answered. */
async function writeTab(deps: OrderDeps, limits: SheetBatchLimits, tab: string, due: readonly Due[]) {
  const result = await deps.sheets.writeOrders(
    tab,
    due.map(({ order }) => sheetOrderOf(deps, order)),
  );
  const now = deps.now();
  await Promise.all(
    due.map(({ task, order }) => {
      const settled = settledState(SHEET_TASK, task, outcomeOf(result, order, tab, limits.everyMs), now);
      return deps.log.settleTask(task, settled, SHEET_TASK.settledEvent(settled));
    }),
  );
  const answer: BatchAnswer = result.ok ? 'written' : result.code === 'BUSY' ? 'busy' : 'failed';
  return answer;
}

/** One batch: the rows due, by tab. Whether more wait than it took, and what the calls came to. */
async function writeDue(
  deps: OrderDeps,
  limits: SheetBatchLimits,
): Promise<{ more: boolean; answers: readonly BatchAnswer[] }> {
  await deps.log.retryGivenUpSheets(deps.now(), GIVEN_UP_RETRY_MS);
  const tasks = await deps.log.claimDueSheets(randomUUID(), deps.now(), STALE_CLAIM_MS, limits.maxOrders);
  if (tasks.length === 0) return { more: false, answers: [] };
  const orders = await deps.log.ordersWhere('o.order_id = any($1::text[])', [tasks.map((task) => task.order_id)]);
  const byId = new Map(orders.map((order) => [order.orderId, order]));
  const byTab = new Map<string, Due[]>();
  // Oldest order first, so a tab's new rows are appended in the order the orders came (the claim's
  // `order by` picks which rows, not the order an update returns them in). Ids are `OUO_<ms>`.
  for (const task of [...tasks].sort((a, b) =>
    (a.order_id ?? '').localeCompare(b.order_id ?? '', 'en', { numeric: true }),
  )) {
    const order = byId.get(task.order_id ?? '');
    // Not ready (an order paid first, not paid yet): it waits for the change that makes it ready.
    if (!order || !forwardReady(order, 'sheet')) {
      await deps.log.releaseTask(task, 'waiting');
      continue;
    }
    const tab = ordersTabOf(order);
    byTab.set(tab, [...(byTab.get(tab) ?? []), { task, order }]);
  }
  const answers = await Promise.all([...byTab].map(([tab, due]) => writeTab(deps, limits, tab, due)));
  return { more: tasks.length >= limits.maxOrders, answers };
}

/** When the gate opens again: a minute on; Google's wait when it asked for one; at once when more rows wait. */
function gateWaitMs(limits: SheetBatchLimits, next: { more: boolean; answers: readonly BatchAnswer[] }): number {
  if (next.answers.includes('busy')) return Math.max(BUSY_WAIT_MS, limits.everyMs);
  if (next.answers.includes('failed') || !next.more) return limits.everyMs;
  return 0;
}

/**
 * Writes the rows due when the gate is open; another flush holding it, or its minute not passed,
 * leaves them to that flush or to the next (the scheduled `sheet-sync`, every minute). A flush
 * that finds rows due again after its batch (a change made while it wrote) goes on when the gate allows.
 */
export async function flushSheet(deps: OrderDeps, limits: SheetBatchLimits = deps.sheetBatch ?? SHEET_BATCH) {
  for (let round = 0; round < ROUNDS; round += 1) {
    const gate = await deps.log.claimSheetGate(deps.now());
    if (!gate) return;
    let next: { more: boolean; answers: readonly BatchAnswer[] } = { more: false, answers: ['failed'] };
    try {
      next = await writeDue(deps, limits);
    } finally {
      await deps.log.settleSheetGate(gate, gateWaitMs(limits, next), deps.now());
    }
    if (next.answers.some((answer) => answer !== 'written')) return;
    if (!next.more && !(await deps.log.sheetsDue(deps.now(), STALE_CLAIM_MS))) return;
  }
}

export const SHEET_TASK: TaskKind = {
  ready: (order) => forwardReady(order, 'sheet'),
  windowFrom: 'first-attempt',
  // Where every change may be written at once (the local CSV files: no quota), each order's rows
  // go with the order's own run, in a batch of one.
  async perform(deps, order) {
    const tab = ordersTabOf(order);
    return outcomeOf(await deps.sheets.writeOrders(tab, [sheetOrderOf(deps, order)]), order, tab);
  },
  settledEvent: settledForward('sheet'),
  batches: (deps) => (deps.sheetBatch ?? SHEET_BATCH).everyMs > 0,
  batch: (deps) => flushSheet(deps),
};
