/**
 * The order log's reads by what an order's row says (decision 031): open orders for the sweep,
 * staff's attention and refunds, parcels followed and waiting for pickup, the orders of a report
 * (`ordersWhere`, reports/order-rows.ts), all on indexed columns, oldest order first; and the two
 * lookups beside the orders: which order a Razorpay order belongs to, and which webhook events were
 * handled. Part of the log (order-log.ts spreads them in), so callers keep one `deps.log`.
 */
import type { StoredOrder } from '#shop/order/index.ts';
import type { Queries } from '../platform/database.ts';
import { claimTask, ensureTask, settleTask } from '../tasks/site-tasks.ts';
import type { TaskRow } from '../tasks/task-view.ts';
import { CLAIM, orderOf, READ, type Row } from './order-statements.ts';

/** The one task without an order the Sheet's batches take turns through (sheet-kind.ts). */
const SHEET_GATE = 'sheet-batch';

/** Tasks due at $1 (pending or past their back-off), or held by a claim older than $2. */
const DUE = `((state in ('pending', 'retry') and run_at <= $1) or (state = 'running' and claimed_at <= $2))`;

const ids = async (db: Queries, where: string) =>
  (await db.query<{ order_id: string }>(`select order_id from orders where ${where} order by order_id`)).map(
    (row) => row.order_id,
  );

export function orderQueries(db: Queries, get: (orderId: string) => Promise<StoredOrder | undefined>) {
  return {
    async linkRazorpayOrder(razorpayOrderId: string, orderId: string): Promise<void> {
      await db.query(
        'insert into razorpay_orders (razorpay_order_id, order_id) values ($1, $2) on conflict (razorpay_order_id) do nothing',
        [razorpayOrderId, orderId],
      );
    },

    async getByRazorpayOrder(razorpayOrderId: string): Promise<StoredOrder | undefined> {
      const [row] = await db.query<{ order_id: string }>(
        'select order_id from razorpay_orders where razorpay_order_id = $1',
        [razorpayOrderId],
      );
      return row ? get(row.order_id) : undefined;
    },

    /**
     * The orders with a task due at `now` (pending or waiting out its back-off, or held by a claim
     * older than `staleMs`: a runner that was stopped), oldest order first: the sweep's work
     * (reconcile.ts), read from the task table's two partial indexes.
     */
    async dueOrderIds(now: Date, staleMs: number): Promise<string[]> {
      // The Sheet's rows are written in batches, not by their order's run (sheet-kind.ts).
      const rows = await db.query<{ order_id: string }>(
        `select order_id from tasks where order_id is not null and kind <> 'sheet' and ${DUE}
         group by order_id order by order_id collate "C"`,
        [now.toISOString(), new Date(now.getTime() - staleMs).toISOString()],
      );
      return rows.map((row) => row.order_id);
    },

    /** Claims up to `limit` orders' Sheet rows due (sheet-kind.ts), oldest due first. */
    async claimDueSheets(claim: string, now: Date, staleMs: number, limit: number): Promise<TaskRow[]> {
      const stale = new Date(now.getTime() - staleMs).toISOString();
      const rows = await db.query<{ task: TaskRow }>(CLAIM('order_id is not null', 'limit $5'), [
        claim,
        now.toISOString(),
        stale,
        ['sheet'],
        limit,
      ]);
      return rows.map((row) => row.task);
    },

    /**
     * Rows given up (the Sheet failing for a day: staff see `Needs attention`) are due again `afterMs`
     * after they were: the Sheet is where staff work orders, so none may stay out of it for good.
     */
    async retryGivenUpSheets(now: Date, afterMs: number): Promise<void> {
      await db.query(
        `update tasks set state = 'retry', run_at = $1 where order_id is not null and kind = 'sheet'
         and state = 'given-up' and updated_at <= $2`,
        [now.toISOString(), new Date(now.getTime() - afterMs).toISOString()],
      );
    },

    /** When the oldest change the Sheet's rows do not show yet was made (`/api/health`), or undefined when they show everything. */
    async oldestUnwrittenSheet(): Promise<string | undefined> {
      const [row] = await db.query<{ at: Date | null }>(
        `select min(armed_at) as at from tasks
         where order_id is not null and kind = 'sheet' and state in ('pending', 'retry', 'running', 'given-up')`,
      );
      return row?.at ? new Date(row.at).toISOString() : undefined;
    },

    /** Are any orders' Sheet rows due? */
    async sheetsDue(now: Date, staleMs: number): Promise<boolean> {
      const rows = await db.query(
        `select 1 from tasks where order_id is not null and kind = 'sheet' and ${DUE} limit 1`,
        [now.toISOString(), new Date(now.getTime() - staleMs).toISOString()],
      );
      return rows.length > 0;
    },

    /** The Sheet batches' gate, claimed when its time has come (undefined: another holds it, or not yet). */
    async claimSheetGate(now: Date): Promise<TaskRow | undefined> {
      await ensureTask(db, { key: SHEET_GATE, kind: 'sheet-batch' }, now);
      return claimTask(db, SHEET_GATE, now);
    },

    /** Lets the gate go, to open again `afterMs` from now. */
    async settleSheetGate(gate: TaskRow, afterMs: number, now: Date): Promise<void> {
      await settleTask(db, gate, { status: 'later', afterMs }, now);
    },

    /** Open orders, oldest first (order ids are `OUO_<milliseconds>`, so they sort by age). */
    openOrderIds: () => ids(db, 'is_open'),

    attentionOrderIds: () => ids(db, 'needs_attention'),

    refundOrderIds: () => ids(db, 'needs_refund'),

    /** Booked parcels still on their way (or coming back), oldest order first. */
    parcelOrderIds: () => ids(db, 'parcel_open'),

    /** Booked parcels the courier has not picked up yet: what the day's pickup is for. */
    async parcelsWaiting(): Promise<number> {
      const [row] = await db.query<{ n: number }>(
        `select count(*)::int as n from orders where parcel_open and parcel_state = 'booked'`,
      );
      return row?.n ?? 0;
    },

    allOrderIds: () => ids(db, 'true'),

    /**
     * The orders matching `condition` on the `orders` row `o` (its indexed columns: reports/order-rows.ts),
     * oldest first, each whole as `get` reads it.
     */
    async ordersWhere(condition: string, params: readonly unknown[]): Promise<StoredOrder[]> {
      const rows = await db.query<Row>(
        `${READ.replace('where o.order_id = $1', `where ${condition}`)} order by o.order_id collate "C"`,
        params,
      );
      return rows.map(orderOf);
    },

    /** Remembers a processed webhook event; false when it was already there. */
    async rememberEvent(eventId: string): Promise<boolean> {
      const rows = await db.query(
        'insert into webhook_events (event_id, at) values ($1, now()) on conflict (event_id) do nothing returning event_id',
        [eventId],
      );
      return rows.length === 1;
    },

    async hasEvent(eventId: string): Promise<boolean> {
      return (await db.query('select 1 from webhook_events where event_id = $1', [eventId])).length === 1;
    },
  };
}
