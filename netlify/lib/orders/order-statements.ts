/**
 * How an order lies in the shop's database (decision 031; migrations/0001_order_store.sql) and the
 * statements the order log writes and claims with: the row's columns for the queries, the record
 * without its lines, history and tasks, the read that puts them back together, the one-statement
 * create and compare-and-swap write with their history rows and task writes, and the task claims.
 * The log's behaviour (retries, the row's lock, what it hands out) is order-log.ts.
 */

import type { StoredOrder } from '#shop/order/index.ts';
import { isOpen, needsAttention, needsRefund, parcelOpen } from '#shop/order-engine/index.ts';
import { indianMobile } from '#shop/phone.ts';
import { type TaskRow, type TaskState, taskView } from '../tasks/task-view.ts';

/** The columns an order's write keeps beside its record: what the queries ask. */
export function columns(order: StoredOrder) {
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

export function recordOf(order: StoredOrder): OrderRow {
  const { lines: _lines, history: _history, forwards: _forwards, notices: _notices, ...record } = order;
  return record;
}

/** History rows as JSON for `jsonb_array_elements`. */
export const events = (history: StoredOrder['history']) => JSON.stringify(history);

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
export const tasksSeen = (tasks: readonly TaskRow[]) =>
  tasks.map((task) => `${task.id}:${task.state}:${task.claim ?? ''}:${task.armed_at}`).join(',');

export const READ = `
  select o.version, o.record,
    coalesce((select jsonb_agg(${TASK_JSON} order by t.id) from tasks t where t.order_id = o.order_id), '[]'::jsonb) as tasks,
    coalesce((select jsonb_agg(jsonb_build_object('productId', l.product_id, 'size', l.size, 'quantity', l.quantity)
                order by l.position) from order_lines l where l.order_id = o.order_id), '[]'::jsonb) as lines,
    coalesce((select jsonb_agg(jsonb_build_object(
                'at', e.at, 'event', e.event) order by e.id)
              from order_events e where e.order_id = o.order_id), '[]'::jsonb) as history
  from orders o where o.order_id = $1`;

export interface Row {
  version: number;
  record: OrderRow;
  lines: StoredOrder['lines'];
  history: StoredOrder['history'];
  tasks: TaskRow[];
}

export const orderOf = (row: Row): StoredOrder => ({
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

export const WRITE = `
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

export const CREATE = `
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
export interface TaskSettle {
  key: string;
  claim: string;
  state: TaskState;
  again: boolean;
  error: string | null;
  result: Record<string, unknown>;
  at: string;
  runAt: string;
}

/** Claims the due tasks of `kinds` (one order's, or any order's up to `limit`): pending or retry due now, or running under a stale claim. */
export const CLAIM = (where: string, limit: string) => `
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
export const CLAIM_PHASE = `
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
export const SETTLE_ROW = `
  update tasks set
    state = case when $3 = 'done' and armed_at > claimed_at then 'pending' else $3 end,
    attempts = case when $3 in ('skipped', 'waiting') then attempts - 1 else attempts end,
    first_attempt_at = case when $3 = 'done' then null else first_attempt_at end,
    claim = null, claimed_at = null, last_error = $4, result = $5::jsonb, run_at = $6, updated_at = $7
  where key = $1 and claim = $2
  returning key`;

/** Tasks ($2, a JSON array of `{ key, kind }`) of the order $1 due now ($3): inserted if missing, else re-armed unless running. */
export const REARM = `
  with wanted as (select * from jsonb_to_recordset($2::jsonb) as w(key text, kind text)),
  inserted as (
    insert into tasks (key, order_id, kind, state, attempts, run_at, armed_at, created_at, updated_at)
    select w.key, $1, w.kind, 'pending', 0, $3, $3, $3, $3 from wanted w
    on conflict (key) do nothing
  )
  update tasks t set state = 'pending', run_at = $3, armed_at = $3, updated_at = $3
  from wanted w
  where t.key = w.key and t.order_id = $1 and t.state in ('retry', 'given-up', 'done', 'skipped')`;
