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
 * What a record holds is order-record.ts.
 */
import { isOpen, needsAttention, needsRefund, parcelOpen } from '#shop/order-engine/order-flags.ts';
import { type OrderChangeEvent, transition } from '#shop/order-engine/transition.ts';
import type { StoredOrder } from '#shop/order-record.ts';
import { indianMobile } from '#shop/phone.ts';
import type { Database, Queries } from '../platform/database.ts';
import { type TaskRow, type TaskState, taskView, taskWants, taskWrites } from '../tasks/order-tasks.ts';
import type { SettledTask } from '../tasks/runner.ts';
import { DECOY_KEY, decoyOrder } from './decoy.ts';

/** Lost compare-and-swap races before the change is made under the row's lock instead. */
const OPTIMISTIC_TRIES = 3;

export class OrderConflictError extends Error {
  override name = 'OrderConflictError';
}

/** The columns an order's write keeps beside its record: what the queries ask. */
function columns(order: StoredOrder) {
  return [
    order.updatedAt,
    order.status,
    order.mode,
    indianMobile(order.customer.phone) ?? order.customer.phone,
    isOpen(order),
    needsAttention(order),
    needsRefund(order),
    parcelOpen(order),
    order.forwards.shipment.status === 'done' ? (order.parcel?.state ?? 'booked') : null,
    order.invoice?.date ?? null,
    order.creditNote?.date ?? null,
    ...bookedSpan(order),
  ];
}

/**
 * When the order's first and latest parcels were booked: the earlier ones (returned or lost, then
 * booked again) by their own times, the current one once its booking is done.
 */
function bookedSpan(order: StoredOrder): [string | null, string | null] {
  const shipment = order.forwards.shipment;
  const times = [
    ...(order.earlierShipments ?? []).map((earlier) => earlier.bookedAt),
    ...(shipment.status === 'done' && shipment.waybill ? [shipment.at ?? order.createdAt] : []),
  ];
  return times.length === 0 ? [null, null] : [times[0] as string, times.at(-1) as string];
}

/** What the order's row keeps: the order without its lines, history and tasks, which have their own tables. */
type OrderRow = Omit<StoredOrder, 'lines' | 'history' | 'forwards' | 'notices'>;

function recordOf(order: StoredOrder): OrderRow {
  const { lines: _lines, history: _history, forwards: _forwards, notices: _notices, ...record } = order;
  return record;
}

/** History rows as JSON for `jsonb_array_elements`. */
const events = (history: StoredOrder['history']) => JSON.stringify(history);

/** An ISO time (what `toISOString` writes) from a timestamptz column. */
const iso = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const TASK_JSON = `jsonb_build_object('id', t.id, 'key', t.key, 'order_id', t.order_id, 'kind', t.kind, 'state', t.state, 'attempts', t.attempts,
  'run_at', ${iso('t.run_at')}, 'claim', t.claim, 'claimed_at', ${iso('t.claimed_at')}, 'armed_at', ${iso('t.armed_at')},
  'first_attempt_at', ${iso('t.first_attempt_at')}, 'last_error', t.last_error, 'payload', t.payload, 'result', t.result,
  'created_at', ${iso('t.created_at')}, 'updated_at', ${iso('t.updated_at')})`;

/**
 * What tells a change of an order's task rows that is not a write of the order (a claim, a settle of
 * the row alone, a release, a re-arm): each row's id, state, claim and when it was last asked for.
 */
const TASKS_SEEN = `coalesce(string_agg(t.id || ':' || t.state || ':' || coalesce(t.claim, '') || ':' || ${iso('t.armed_at')}, ',' order by t.id), '')`;
const tasksSeen = (tasks: readonly TaskRow[]) =>
  tasks.map((task) => `${task.id}:${task.state}:${task.claim ?? ''}:${task.armed_at}`).join(',');

const READ = `
  select o.version, o.record,
    coalesce((select jsonb_agg(${TASK_JSON} order by t.id) from tasks t where t.order_id = o.order_id), '[]'::jsonb) as tasks,
    coalesce((select jsonb_agg(jsonb_build_object('productId', l.product_id, 'size', l.size, 'quantity', l.quantity)
                order by l.position) from order_lines l where l.order_id = o.order_id), '[]'::jsonb) as lines,
    coalesce((select jsonb_agg(jsonb_build_object(
                'at', e.at, 'event', e.event) order by e.id)
              from order_events e where e.order_id = o.order_id), '[]'::jsonb) as history
  from orders o where o.order_id = $1`;

interface Row {
  version: number;
  record: OrderRow;
  lines: StoredOrder['lines'];
  history: StoredOrder['history'];
  tasks: TaskRow[];
}

const orderOf = (row: Row): StoredOrder => ({
  ...row.record,
  ...taskView(row.record, row.tasks),
  lines: row.lines,
  history: row.history,
});

/**
 * Task writes (`taskWrites`, a JSON array in `$n`) for the order the CTE `target` returned, at the
 * time `$t`: new tasks, tasks asked for again (one running runs again after: `armed_at`), waiting
 * ones woken, a notice's delivery report.
 */
const WRITE_TASKS = (target: string, n: number, t: number) => `
  inserted as (
    insert into tasks as t (key, order_id, kind, state, attempts, run_at, armed_at, last_error, payload, result, created_at, updated_at)
    select w.value->>'key', c.order_id, w.value->>'kind', w.value->>'state', (w.value->>'attempts')::int,
      coalesce((w.value->>'runAt')::timestamptz, $${t}), $${t},
      w.value->>'lastError', w.value->'payload', w.value->'result', $${t}, $${t}
    from ${target} c, jsonb_array_elements($${n}::jsonb) w where w.value->>'op' = 'insert'
    on conflict (key) do nothing
    returning ${TASK_JSON} as task
  ), armed as (
    update tasks t set
      state = case when t.state = 'running' then t.state else w.value->>'state' end,
      attempts = case when t.state = 'running' then t.attempts else (w.value->>'attempts')::int end,
      first_attempt_at = case when t.state = 'running' then t.first_attempt_at end,
      last_error = w.value->>'lastError', run_at = $${t}, armed_at = $${t}, updated_at = $${t}
    from ${target} c, jsonb_array_elements($${n}::jsonb) w
    where w.value->>'op' = 'arm' and t.key = w.value->>'key' and t.order_id = c.order_id
    returning ${TASK_JSON} as task
  ), woken as (
    update tasks t set state = 'pending', run_at = $${t}, updated_at = $${t}
    from ${target} c, jsonb_array_elements($${n}::jsonb) w
    where w.value->>'op' = 'wake' and t.key = w.value->>'key' and t.order_id = c.order_id and t.state = 'waiting'
    returning ${TASK_JSON} as task
  ), set as (
    update tasks t set state = w.value->>'state', attempts = (w.value->>'attempts')::int,
      last_error = w.value->>'lastError', claim = null, claimed_at = (w.value->>'claimedAt')::timestamptz,
      run_at = coalesce((w.value->>'runAt')::timestamptz, $${t}), result = w.value->'result', updated_at = $${t}
    from ${target} c, jsonb_array_elements($${n}::jsonb) w
    where w.value->>'op' = 'set' and t.key = w.value->>'key' and t.order_id = c.order_id
    returning ${TASK_JSON} as task
  ), resulted as (
    update tasks t set result = w.value->'result'
    from ${target} c, jsonb_array_elements($${n}::jsonb) w
    where w.value->>'op' = 'result' and t.key = w.value->>'key' and t.order_id = c.order_id
    returning ${TASK_JSON} as task
  )`;

/** Appends `$n` history rows (a JSON array of `{ at, event }`) for the order the CTE `target` returned. */
const APPEND_EVENTS = (target: string, n: number) => `
  insert into order_events (order_id, at, event)
  select t.order_id, e.value->>'at', e.value->>'event'
  from ${target} t, jsonb_array_elements($${n}::jsonb) with ordinality as e(value, position)
  order by e.position`;

const WRITE = `
  with changed as (
    update orders set updated_at = $3, status = $4, mode = $5, phone = $6, is_open = $7, needs_attention = $8,
      needs_refund = $9, parcel_open = $10, parcel_state = $11, invoice_date = $12, credit_note_date = $13,
      first_booked_at = $14, last_booked_at = $15, record = $16, version = version + 1
    where order_id = $1 and version = $2
      -- A task settled with this write: only by the claim that still holds it.
      and ($19::jsonb is null or exists (select 1 from tasks where key = $19::jsonb->>'key' and claim = $19::jsonb->>'claim'))
      -- Written over an order known from an earlier statement: only while its tasks are still as known.
      and ($20::text is null or $20::text = (select ${TASKS_SEEN} from tasks t where t.order_id = $1))
    returning order_id
  ), appended as (${APPEND_EVENTS('changed', 17)}),
  ${WRITE_TASKS('changed', 18, 3)},
  settled as (
    update tasks t set
      -- Asked for again while it ran (the Sheet's rows changed meanwhile): it runs again.
      state = case when $19::jsonb->>'state' = 'done' and (t.armed_at > t.claimed_at or ($19::jsonb->>'again')::boolean)
                then 'pending' else $19::jsonb->>'state' end,
      attempts = case when $19::jsonb->>'state' in ('skipped', 'waiting') then t.attempts - 1 else t.attempts end,
      first_attempt_at = case when $19::jsonb->>'state' = 'done' then null else t.first_attempt_at end,
      claim = null, claimed_at = null, last_error = $19::jsonb->>'error', result = $19::jsonb->'result',
      run_at = ($19::jsonb->>'runAt')::timestamptz, updated_at = ($19::jsonb->>'at')::timestamptz
    from changed c where t.key = $19::jsonb->>'key' and t.claim = $19::jsonb->>'claim'
    returning ${TASK_JSON} as task
  )
  -- The task rows this write changed, as they now read: the order as written is known without reading it.
  select (select count(*)::int from changed) as written,
    (select coalesce(jsonb_agg(w.task), '[]'::jsonb) from (select task from inserted union all select task from armed
      union all select task from woken union all select task from set union all select task from resulted
      union all select task from settled) w) as tasks`;

const CREATE = `
  with created as (
    insert into orders (order_id, created_at, updated_at, status, mode, phone, is_open, needs_attention, needs_refund,
      parcel_open, parcel_state, invoice_date, credit_note_date, first_booked_at, last_booked_at, record)
    values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)
    on conflict (order_id) do nothing
    returning order_id
  ), lined as (
    insert into order_lines (order_id, position, product_id, size, quantity)
    select c.order_id, l.position - 1, (l.value->>'productId')::int, l.value->>'size', (l.value->>'quantity')::int
    from created c, jsonb_array_elements($17::jsonb) with ordinality as l(value, position)
  ), appended as (${APPEND_EVENTS('created', 18)}),
  ${WRITE_TASKS('created', 19, 3)}
  select count(*)::int as created from created`;

/** A task settled with an order's write (runner.ts): its key, the claim that ran it, what came of it. */
interface TaskSettle {
  key: string;
  claim: string;
  state: SettledTask['state'];
  again: boolean;
  error: string | null;
  result: Record<string, unknown>;
  at: string;
  runAt: string;
}

/** Claims the due tasks of `kinds` (one order's, or any order's up to `limit`): pending or retry due now, or running under a stale claim. */
const CLAIM = (where: string, limit: string) => `
  update tasks t set state = 'running', claim = $1, claimed_at = $2, attempts = t.attempts + 1,
    first_attempt_at = coalesce(t.first_attempt_at, $2), updated_at = $2
  from (select id from tasks
        where ${where} and kind = any($4::text[])
          and ((state in ('pending', 'retry') and run_at <= $2) or (state = 'running' and claimed_at <= $3))
        order by run_at, id ${limit} for update skip locked) due
  where t.id = due.id
  returning ${TASK_JSON} as task`;

/**
 * Claims one order's ($5) due tasks of the first of `phases` that has any ($4 the kinds, $6 each
 * kind's phase), as CLAIM does, and reads the order in the same statement. The read is the
 * statement's snapshot, taken before the claim: it holds the claimed rows as they were, and
 * `fresh` says whether each is still the version it saw (else a write came between, and the order
 * is read again).
 */
const CLAIM_PHASE = `
  with due as (
    select ($6::int[])[array_position($4::text[], kind)] as phase from tasks
    where order_id = $5 and kind = any($4::text[])
      and ((state in ('pending', 'retry') and run_at <= $2) or (state = 'running' and claimed_at <= $3))
  ), locked as materialized (
    select id, xmin::text as seen from tasks
    where order_id = $5 and kind = any($4::text[])
      and ($6::int[])[array_position($4::text[], kind)] = (select min(phase) from due)
      and ((state in ('pending', 'retry') and run_at <= $2) or (state = 'running' and claimed_at <= $3))
    order by run_at, id for update skip locked
  ), claimed as (
    update tasks t set state = 'running', claim = $1, claimed_at = $2, attempts = t.attempts + 1,
      first_attempt_at = coalesce(t.first_attempt_at, $2), updated_at = $2
    from locked l where t.id = l.id
    returning t.id, ${TASK_JSON} as task
  )
  select (select min(phase) from due) as phase,
    (select coalesce(jsonb_agg(c.task order by c.id), '[]'::jsonb) from claimed c) as claimed,
    (select coalesce(bool_and(exists (select 1 from tasks s where s.id = l.id and s.xmin::text = l.seen)), true)
      from locked l) as fresh,
    r.*
  from (select 1) one left join lateral (${READ.replace('o.order_id = $1', 'o.order_id = $5')}) r on true`;

/** A claimed task settled without a change of its order ($1 key, $2 claim, $3 state, $4 error, $5 result, $6 run at, $7 at). */
const SETTLE_ROW = `
  update tasks set
    state = case when $3 = 'done' and armed_at > claimed_at then 'pending' else $3 end,
    attempts = case when $3 in ('skipped', 'waiting') then attempts - 1 else attempts end,
    first_attempt_at = case when $3 = 'done' then null else first_attempt_at end,
    claim = null, claimed_at = null, last_error = $4, result = $5::jsonb, run_at = $6, updated_at = $7
  where key = $1 and claim = $2
  returning key`;

/** Tasks ($2, a JSON array of `{ key, kind }`) of the order $1 due now ($3): inserted if missing, else re-armed unless running. */
const REARM = `
  with wanted as (select * from jsonb_to_recordset($2::jsonb) as w(key text, kind text)),
  inserted as (
    insert into tasks (key, order_id, kind, state, attempts, run_at, armed_at, created_at, updated_at)
    select w.key, $1, w.kind, 'pending', 0, $3, $3, $3, $3 from wanted w
    on conflict (key) do nothing
  )
  update tasks t set state = 'pending', run_at = $3, armed_at = $3, updated_at = $3
  from wanted w
  where t.key = w.key and t.order_id = $1 and t.state in ('retry', 'given-up', 'done', 'skipped')`;

const ids = async (db: Queries, where: string) =>
  (await db.query<{ order_id: string }>(`select order_id from orders where ${where} order by order_id`)).map(
    (row) => row.order_id,
  );

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

    /**
     * Asks for tasks settled or waiting out their back-off to run now (the reconciler, for a
     * cancellation's step and a refund Razorpay has not settled), inserting one the order never
     * had a row for (written before its kind existed); a running one is left to its claim.
     */
    async rearmTasks(orderId: string, tasks: readonly { key: string; kind: string }[], now: Date): Promise<void> {
      if (tasks.length === 0) return;
      await db.query(REARM, [orderId, JSON.stringify(tasks), now.toISOString()]);
    },

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
  return log;
}

export type OrderLog = ReturnType<typeof createOrderLog>;
