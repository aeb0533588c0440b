/**
 * The durable order log, on the shop's database (decision 031): one `orders` row per order id, its
 * lines in `order_lines`, its history in `order_events`, written before any outside call. Every
 * write is one SQL statement, so it is atomic by itself and holds no lock between round trips:
 *
 * - `create` inserts the order, its lines and its first history together, or nothing when the id
 *   exists (a double click, a retry): never two orders, never an overwrite;
 * - `update` reads the order with its `version`, applies a pure change, and writes the new record,
 *   the columns the queries ask (open, needs attention, parcel followed, …) and the new history
 *   rows only if the version is still the one it read (compare-and-swap); a lost race reads again,
 *   and after a few losses the change is made under the row's lock, so it always lands.
 *
 * What a record holds is order-record.ts; how it lies in the tables, and the statements,
 * order-statements.ts; the runners' claims on its tasks, order-task-claims.ts.
 */

import type { StoredOrder } from '#shop/order/index.ts';
import { type OrderChangeEvent, transition } from '#shop/order-engine/index.ts';
import type { Database, Queries } from '../platform/database.ts';
import { taskWants, taskWrites } from '../tasks/order-tasks.ts';
import type { SettledTask } from '../tasks/runner.ts';
import type { TaskRow } from '../tasks/task-view.ts';
import { DECOY_KEY, decoyOrder } from './decoy.ts';
import { orderQueries } from './order-queries.ts';
import {
  CREATE,
  columns,
  events,
  orderOf,
  READ,
  type Row,
  recordOf,
  SETTLE_ROW,
  type TaskSettle,
  tasksSeen,
  WRITE,
} from './order-statements.ts';
import { orderTaskClaims } from './order-task-claims.ts';

/** Lost compare-and-swap races before the change is made under the row's lock instead. */
const OPTIMISTIC_TRIES = 3;

export class OrderConflictError extends Error {
  override name = 'OrderConflictError';
}

export function createOrderLog(db: Database) {
  /**
   * The row each order this log handed out was read or written as: a caller that changes the order
   * it was just given (`basis`) writes over that version without reading it again, if it still holds.
   */
  const known = new WeakMap<StoredOrder, Row>();
  const handOut = (row: Row, order: StoredOrder = orderOf(row)): StoredOrder => {
    known.set(order, structuredClone(row));
    return order;
  };

  async function read(orderId: string, tx: Queries = db, lock = false): Promise<Row | undefined> {
    const [row] = await tx.query<Row>(lock ? `${READ} for update of o` : READ, [orderId]);
    return row;
  }

  async function get(orderId: string): Promise<StoredOrder | undefined> {
    const row = await read(orderId);
    return row && handOut(row);
  }

  /**
   * Writes `next` over the version read (and settles a task with it): the task rows it changed, or
   * undefined when another write came first (or, over a `basis`, when its tasks changed since).
   */
  async function write(
    tx: Queries,
    current: Row,
    next: StoredOrder,
    settle?: TaskSettle,
    basis = false,
  ): Promise<TaskRow[] | undefined> {
    if (JSON.stringify(next.lines) !== JSON.stringify(current.lines)) {
      throw new Error(`Order ${next.orderId}: an order's lines never change once placed.`);
    }
    const [result] = await tx.query<{ written: number; tasks: TaskRow[] }>(WRITE, [
      next.orderId,
      current.version,
      ...columns(next),
      recordOf(next),
      events(next.history.slice(current.history.length)),
      JSON.stringify(taskWrites(orderOf(current), next, current.tasks).filter((task) => task.key !== settle?.key)),
      settle ? JSON.stringify(settle) : null,
      basis ? tasksSeen(current.tasks) : null,
    ]);
    return result?.written === 1 ? result.tasks : undefined;
  }

  /** The row `next` was written as over `current`, with the task rows the write changed (`write`'s answer). */
  function writtenRow(current: Row, next: StoredOrder, changed: readonly TaskRow[]): Row {
    const byId = new Map(current.tasks.map((task) => [task.id, task]));
    for (const task of changed) byId.set(task.id, task);
    return {
      version: current.version + 1,
      record: recordOf(next),
      lines: current.lines,
      history: next.history.map(({ at, event }) => ({ at, event })),
      tasks: [...byId.values()].sort((a, b) => a.id - b.id),
    };
  }

  /** The decoy an unknown id is checked against (decoy.ts); written once, on the first miss. */
  async function decoy(): Promise<StoredOrder> {
    const [row] = await db.query<{ record: StoredOrder }>('select record from decoys where name = $1', [DECOY_KEY]);
    if (row) return row.record;
    const made = decoyOrder();
    await db.query('insert into decoys (name, record) values ($1, $2) on conflict (name) do nothing', [
      DECOY_KEY,
      made,
    ]);
    return made;
  }

  const log = {
    get,

    /**
     * The order a shopper proves with its phone or key, or undefined. An unknown id and a failed
     * proof do the same work: the same two reads at once (the order's and the decoy's, so the
     * wait is the slower of two either way) and one comparison against a stored record; neither the
     * answer nor its time tells which ids exist (docs/security.md, finding 8).
     */
    async findForShopper(orderId: string, proves: (order: StoredOrder) => boolean): Promise<StoredOrder | undefined> {
      const [order, stand] = await Promise.all([get(orderId), decoy()]);
      const proven = proves(order ?? stand);
      return order && proven ? order : undefined;
    },

    /** Creates the order, its lines and its first history unless its id exists; never overwrites. */
    async create(order: StoredOrder): Promise<{ created: true } | { created: false; existing: StoredOrder }> {
      const [result] = await db.query<{ created: number }>(CREATE, [
        order.orderId,
        order.createdAt,
        ...columns(order),
        recordOf(order),
        JSON.stringify(order.lines),
        events(order.history),
        JSON.stringify(taskWrites(undefined, order, [])),
      ]);
      if (result?.created === 1) return { created: true };
      const existing = await get(order.orderId);
      if (!existing) throw new OrderConflictError(`Order ${order.orderId} was neither created nor found.`);
      return { created: false, existing };
    },

    /**
     * Applies `change` to the current record and writes it only if nobody wrote in between;
     * retries on a lost race. `change` returns undefined to leave the order as it is. `basis`: an
     * order this log just handed out (read, claimed with its tasks, or written), changed and written
     * first over the version it was, saving a read while nothing else wrote the order or its tasks.
     */
    async update(
      orderId: string,
      change: (order: StoredOrder) => StoredOrder | undefined,
      settle?: (next: StoredOrder) => TaskSettle,
      basis?: StoredOrder,
    ): Promise<{ order: StoredOrder; changed: boolean }> {
      /** `from`: the row of `basis`, tried first; a change it makes nothing of is judged again on the order as read. */
      const attempt = async (tx: Queries, lock: boolean, from?: Row) => {
        const current = from ?? (await read(orderId, tx, lock));
        if (!current) throw new OrderConflictError(`Order ${orderId} does not exist.`);
        const next = change(structuredClone(orderOf(current)));
        if (!next) return from ? undefined : { order: handOut(current), changed: false };
        const settled = settle?.(next);
        // A task another runner has taken over since (its claim went stale): this settle is void.
        if (settled && !current.tasks.some((task) => task.key === settled.key && task.claim === settled.claim)) {
          return from ? undefined : { order: handOut(current), changed: false };
        }
        const written = await write(tx, current, next, settled, from !== undefined);
        return written ? { order: handOut(writtenRow(current, next, written), next), changed: true } : undefined;
      };
      const from = basis && known.get(basis);
      if (from?.record.orderId === orderId) {
        const done = await attempt(db, false, from);
        if (done) return done;
      }
      for (let tries = 0; tries < OPTIMISTIC_TRIES; tries += 1) {
        const done = await attempt(db, false);
        if (done) return done;
      }
      // Many writers on one order at once (a burst of taps, a sweep and a webhook): the row's lock
      // makes them take turns instead of losing races to each other.
      const done = await db.transaction((tx) => attempt(tx, true));
      if (!done) throw new OrderConflictError(`Order ${orderId} changed under its own lock.`);
      return done;
    },

    /**
     * What happened to the order, applied by the order's engine (src/shop/order-engine/transition.ts)
     * in one write with its history and the tasks it earned; a replay that changes nothing writes nothing.
     */
    apply(
      orderId: string,
      event: OrderChangeEvent,
      settle?: (next: StoredOrder) => TaskSettle,
      basis?: StoredOrder,
    ): Promise<{ order: StoredOrder; changed: boolean }> {
      return log.update(
        orderId,
        (order) => {
          const result = transition(order, event);
          return result.changed ? result.order : undefined;
        },
        settle,
        basis,
      );
    },

    /**
     * Applies `change` under the row's lock, in one transaction with the statements `change` runs
     * on `tx` (an invoice series' counter, invoices/serial.ts): all of it commits, or none.
     * `change` awaits only the database, never an outside system.
     */
    async updateLocked(
      orderId: string,
      change: (order: StoredOrder, tx: Queries) => Promise<StoredOrder | undefined>,
    ): Promise<{ order: StoredOrder; changed: boolean }> {
      // Nothing but the statements between BEGIN and COMMIT: an invoice series' row stays locked until then.
      const done = await db.transaction(async (tx) => {
        const current = await read(orderId, tx, true);
        if (!current) throw new OrderConflictError(`Order ${orderId} does not exist.`);
        const next = await change(structuredClone(orderOf(current)), tx);
        if (!next) return { current };
        const written = await write(tx, current, next);
        if (!written) throw new OrderConflictError(`Order ${orderId} changed under its own lock.`);
        return { current, next, written };
      });
      if (!done.next || !done.written) return { order: handOut(done.current), changed: false };
      return { order: handOut(writtenRow(done.current, done.next, done.written), done.next), changed: true };
    },

    /**
     * Settles a claimed task in one write with what it changes on its order (`event`, its
     * `task-settled`: its history, the waybill's status move), applied by the order's engine: both
     * or neither, and only while the claim still holds it. `basis`: the order as the claim read it
     * (or as the task's own write left it), written over without reading it again if it still holds.
     */
    async settleTask(
      task: TaskRow,
      settled: SettledTask,
      event: OrderChangeEvent | undefined,
      basis?: StoredOrder,
    ): Promise<boolean> {
      const orderId = task.order_id;
      if (!orderId) throw new Error(`Task ${task.key} belongs to no order.`);
      const settle = (next: StoredOrder) => ({
        key: task.key,
        claim: task.claim ?? '',
        state: settled.state,
        // The order now wants it again (the Sheet's rows show something newer than what was written).
        again: taskWants(next, task),
        error: settled.error ?? null,
        result: settled.result,
        at: settled.at,
        runAt: settled.runAt,
      });
      if (event && (await log.apply(orderId, event, settle, basis)).changed) return true;
      // Nothing to write on the order (a refund Razorpay told of already): the row alone, by its claim.
      const rows = await db.query(SETTLE_ROW, [
        task.key,
        task.claim ?? '',
        settled.state,
        settled.error ?? null,
        JSON.stringify(settled.result),
        settled.runAt,
        settled.at,
      ]);
      return rows.length === 1;
    },

    ...orderTaskClaims(db, get, handOut),
    ...orderQueries(db, get),
  };
  return log;
}

export type OrderLog = ReturnType<typeof createOrderLog>;
