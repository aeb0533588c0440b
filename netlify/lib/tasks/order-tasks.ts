/**
 * An order's tasks as the order shows them (decision 031). The `tasks` table is where the state of
 * every forward (Sheet rows, booking, confirmation email, invoice) and every notice lives; an order
 * read from the log carries them as `forwards` and `notices` (order-record.ts), so staff's Status,
 * the Sheet's cells and the shopper's page are derived from them as before.
 *
 * A change of the order that earns a forward, a notice or a step (a cancellation's booking, a
 * refund to ask, step-tasks.ts) becomes a task write in the same statement as the order's own
 * (order-log.ts): `taskWrites`.
 * Claiming, performing and settling them is the runner's (runner.ts).
 */
import { codConfirmed } from '#shop/cod.ts';
import { forwardKey, noticeTaskKey } from '#shop/order-engine/task-keys.ts';
import {
  FORWARD_KINDS,
  type ForwardKind,
  type ForwardState,
  forwardOf,
  type NoticeState,
  paysFirst,
  type StoredOrder,
} from '#shop/order-record.ts';
import { stepTaskWrites } from './step-tasks.ts';

export type TaskState = 'pending' | 'waiting' | 'running' | 'done' | 'retry' | 'given-up' | 'skipped';

/** A task row as the log reads it (json of the row: times are ISO strings). */
export interface TaskRow {
  id: number;
  key: string;
  order_id: string | null;
  kind: string;
  state: TaskState;
  attempts: number;
  run_at: string;
  claim: string | null;
  claimed_at: string | null;
  armed_at: string;
  first_attempt_at: string | null;
  last_error: string | null;
  payload: Record<string, unknown>;
  result: Record<string, unknown>;
  created_at: string;
  updated_at: string;
}

/** A task the order's write creates, asks for again, or whose result it changes. */
export type TaskWrite =
  | {
      op: 'insert';
      key: string;
      kind: string;
      state: TaskState;
      attempts: number;
      lastError?: string;
      payload: Record<string, unknown>;
      result: Record<string, unknown>;
      /** Due at this time, not at once (a COD order's chase steps). */
      runAt?: string;
    }
  | { op: 'arm'; key: string; state: 'pending' | 'waiting'; attempts: number; lastError?: string }
  | { op: 'wake'; key: string }
  /** A state written on the order by hand (staff's tools, a test standing in for another worker). */
  | {
      op: 'set';
      key: string;
      state: TaskState;
      attempts: number;
      lastError?: string;
      claimedAt?: string;
      runAt?: string;
      result: Record<string, unknown>;
    }
  | { op: 'result'; key: string; result: Record<string, unknown> };

/** Ready for the staff and the carrier: paid first and paid, or COD as placed; a cancelled order's rows still follow it. */
const handedOver = (order: StoredOrder) =>
  order.status === 'forwarded' ||
  order.status === 'cancelled' ||
  (paysFirst(order) ? order.status === 'paid' : order.status === 'pending');

/** Booked, and not cancelled before its parcel left (a cancellation too late to stop it lets it go on). */
export const invoiceDue = (order: StoredOrder) =>
  order.forwards.shipment.status === 'done' &&
  (!order.cancellation || order.cancellation.booking.status === 'too-late');

/**
 * Whether a forward may be done now (docs/shop-rules.md §10): a shipment only once paid (or as
 * placed, COD), confirmed (rule 17) and not cancelled; the invoice once booked; the Sheet's rows
 * and the email once the order is placed for good (paid, when paid first).
 */
export function forwardReady(order: StoredOrder, kind: ForwardKind): boolean {
  if (!handedOver(order)) return false;
  if (kind === 'shipment') return !order.cancellation && codConfirmed(order.cod);
  if (kind === 'invoice') return invoiceDue(order);
  return true;
}

const FORWARD_STATUS: Record<TaskState, ForwardState['status']> = {
  pending: 'pending',
  waiting: 'pending',
  running: 'sending',
  done: 'done',
  retry: 'failed',
  'given-up': 'needs-attention',
  skipped: 'pending',
};

const NOTICE_STATUS: Record<TaskState, NoticeState['status']> = {
  pending: 'pending',
  waiting: 'pending',
  running: 'sending',
  done: 'sent',
  retry: 'failed',
  'given-up': 'gave-up',
  skipped: 'skipped',
};

const TASK_STATE_OF_FORWARD: Record<ForwardState['status'], TaskState> = {
  pending: 'pending',
  sending: 'running',
  done: 'done',
  failed: 'retry',
  'needs-attention': 'given-up',
  'not-sent': 'skipped',
};

const TASK_STATE_OF_NOTICE: Record<NoticeState['status'], TaskState> = {
  pending: 'pending',
  sending: 'running',
  sent: 'done',
  failed: 'retry',
  'gave-up': 'given-up',
  skipped: 'skipped',
};

const SETTLED: readonly TaskState[] = ['done', 'retry', 'given-up', 'skipped'];

function forwardState(task: TaskRow): ForwardState {
  const result = task.result as Pick<ForwardState, 'waybill' | 'syncedStatus' | 'syncedCells'>;
  return {
    status: FORWARD_STATUS[task.state],
    attempts: task.attempts,
    ...(task.last_error ? { lastError: task.last_error } : {}),
    ...(SETTLED.includes(task.state) ? { at: task.updated_at } : {}),
    ...(task.state === 'running' && task.claimed_at ? { claimedAt: task.claimed_at } : {}),
    ...(task.first_attempt_at && task.state !== 'done' ? { firstAttemptAt: task.first_attempt_at } : {}),
    ...(task.state === 'retry' ? { nextAttemptAt: task.run_at } : {}),
    ...(result.waybill ? { waybill: result.waybill } : {}),
    ...(result.syncedStatus ? { syncedStatus: result.syncedStatus } : {}),
    ...(result.syncedCells ? { syncedCells: result.syncedCells } : {}),
  };
}

function noticeState(task: TaskRow): NoticeState {
  const payload = task.payload as Pick<NoticeState, 'channel' | 'event'>;
  const result = task.result as Pick<NoticeState, 'messageId' | 'delivery'>;
  return {
    channel: payload.channel,
    event: payload.event,
    status: NOTICE_STATUS[task.state],
    attempts: task.attempts,
    createdAt: task.created_at,
    ...(task.state === 'running' && task.claimed_at ? { claimedAt: task.claimed_at } : {}),
    ...(task.state === 'retry' ? { nextAttemptAt: task.run_at } : {}),
    ...(SETTLED.includes(task.state) ? { at: task.updated_at } : {}),
    ...(task.last_error ? { lastError: task.last_error } : {}),
    ...(result.messageId ? { messageId: result.messageId } : {}),
    ...(result.delivery ? { delivery: result.delivery } : {}),
  };
}

/** The order's forwards and notices from its tasks (the newest shipment task is the current parcel's). */
export function taskView(
  record: Pick<StoredOrder, 'orderId' | 'earlierShipments'>,
  tasks: readonly TaskRow[],
): Pick<StoredOrder, 'forwards' | 'notices'> {
  const byKey = new Map(tasks.map((task) => [task.key, task]));
  const forward = (kind: ForwardKind) => {
    const task = byKey.get(forwardKey(record, kind));
    return task ? forwardState(task) : undefined;
  };
  const notices: Record<string, NoticeState> = {};
  for (const task of tasks) {
    if (task.kind === 'notice') notices[task.key.slice(`${record.orderId}/notice/`.length)] = noticeState(task);
  }
  const email = forward('email');
  const invoice = forward('invoice');
  return {
    forwards: {
      sheet: forward('sheet') ?? { status: 'pending', attempts: 0 },
      shipment: forward('shipment') ?? { status: 'pending', attempts: 0 },
      ...(email ? { email } : {}),
      ...(invoice ? { invoice } : {}),
    },
    ...(Object.keys(notices).length > 0 ? { notices } : {}),
  };
}

const stateOf = (status: ForwardState['status'], ready: boolean): TaskState | undefined => {
  if (status === 'pending' || status === 'sending' || status === 'failed') return ready ? 'pending' : 'waiting';
  if (status === 'done') return 'done';
  if (status === 'needs-attention') return 'given-up';
  return undefined; // not-sent: nothing to do
};

/**
 * What a change of the order (`current` → `next`) asks of its tasks: a forward or notice it
 * earned, a forward asked for again (the Sheet's rows to rewrite, a booking to try again), a
 * waiting task now ready, a notice's delivery report. `tasks` are the order's task rows as read.
 */
export function taskWrites(
  current: StoredOrder | undefined,
  next: StoredOrder,
  tasks: readonly TaskRow[],
): TaskWrite[] {
  const writes: TaskWrite[] = [];
  const byKey = new Map(tasks.map((task) => [task.key, task]));
  for (const kind of FORWARD_KINDS) {
    const wanted = next.forwards[kind];
    if (!wanted) continue;
    const key = forwardKey(next, kind);
    const task = byKey.get(key);
    const ready = forwardReady(next, kind);
    if (!task) {
      const state = stateOf(wanted.status, ready);
      if (!state) continue;
      writes.push({
        op: 'insert',
        key,
        kind,
        state,
        attempts: wanted.attempts,
        ...(wanted.lastError ? { lastError: wanted.lastError } : {}),
        payload: {},
        result: wanted.waybill ? { waybill: wanted.waybill } : {},
      });
      continue;
    }
    const before = current ? forwardOf(current, kind) : undefined;
    if (wanted.status === 'pending' && before?.status !== 'pending') {
      writes.push({
        op: 'arm',
        key,
        state: ready ? 'pending' : 'waiting',
        attempts: wanted.attempts,
        ...(wanted.lastError ? { lastError: wanted.lastError } : {}),
      });
    } else if (before && wanted.status !== before.status) {
      writes.push({
        op: 'set',
        key,
        state: TASK_STATE_OF_FORWARD[wanted.status],
        attempts: wanted.attempts,
        ...(wanted.lastError ? { lastError: wanted.lastError } : {}),
        ...(wanted.claimedAt ? { claimedAt: wanted.claimedAt } : {}),
        ...(wanted.nextAttemptAt ? { runAt: wanted.nextAttemptAt } : {}),
        result: {
          ...task.result,
          ...(wanted.waybill ? { waybill: wanted.waybill } : {}),
          ...(wanted.syncedCells ? { syncedCells: wanted.syncedCells } : {}),
          ...(wanted.syncedStatus ? { syncedStatus: wanted.syncedStatus } : {}),
        },
      });
    } else if (task.state === 'waiting' && ready) {
      writes.push({ op: 'wake', key });
    }
  }
  for (const [noticeKey, wanted] of Object.entries(next.notices ?? {})) {
    const key = noticeTaskKey(next.orderId, noticeKey);
    const task = byKey.get(key);
    if (!task) {
      writes.push({
        op: 'insert',
        key,
        kind: 'notice',
        state: 'pending',
        attempts: 0,
        payload: { channel: wanted.channel, event: wanted.event },
        result: {},
      });
    } else if (current?.notices?.[noticeKey] && wanted.status !== current.notices[noticeKey].status) {
      writes.push({
        op: 'set',
        key,
        state: TASK_STATE_OF_NOTICE[wanted.status],
        attempts: wanted.attempts,
        ...(wanted.lastError ? { lastError: wanted.lastError } : {}),
        ...(wanted.claimedAt ? { claimedAt: wanted.claimedAt } : {}),
        ...(wanted.nextAttemptAt ? { runAt: wanted.nextAttemptAt } : {}),
        result: { ...task.result, ...(wanted.messageId ? { messageId: wanted.messageId } : {}) },
      });
    } else if (JSON.stringify(wanted.delivery) !== JSON.stringify(current?.notices?.[noticeKey]?.delivery)) {
      writes.push({ op: 'result', key, result: { ...task.result, delivery: wanted.delivery } });
    }
  }
  return [...writes, ...stepTaskWrites(current, next, byKey)];
}

/** Does the order, as a settle leaves it, want the task run again (its forward asked for anew: the Sheet's rows)? */
export function taskWants(order: StoredOrder, task: Pick<TaskRow, 'key' | 'kind'>): boolean {
  if (!(FORWARD_KINDS as readonly string[]).includes(task.kind)) return false;
  const kind = task.kind as ForwardKind;
  return forwardKey(order, kind) === task.key && forwardOf(order, kind).status === 'pending';
}

/** The task's row as its settle leaves it (runner.ts `settledState`), for the order written with it. */
function settledRow(settled: {
  task: TaskRow;
  state: TaskState;
  error?: string;
  result: Record<string, unknown>;
  at: string;
  runAt: string;
}): TaskRow {
  const { task, state } = settled;
  return {
    ...task,
    state,
    attempts: state === 'skipped' ? task.attempts - 1 : task.attempts,
    last_error: settled.error ?? null,
    result: settled.result,
    run_at: settled.runAt,
    updated_at: settled.at,
    claim: null,
    claimed_at: null,
    first_attempt_at: state === 'done' ? null : task.first_attempt_at,
  };
}

export const forwardView = (settled: Parameters<typeof settledRow>[0]) => forwardState(settledRow(settled));
export const noticeView = (settled: Parameters<typeof settledRow>[0]) => noticeState(settledRow(settled));
