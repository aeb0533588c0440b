/**
 * What a change of the order asks of its task rows (decision 031; how the rows read as the order's
 * forwards and notices is task-view.ts). A change of the order that earns a forward, a notice or a step (a cancellation's booking, a
 * refund to ask, step-tasks.ts) becomes a task write in the same statement as the order's own
 * (order-log.ts): `taskWrites`.
 * Claiming, performing and settling them is the runner's (runner.ts).
 */
import { codConfirmed } from '#shop/cod/index.ts';
import {
  FORWARD_KINDS,
  type ForwardKind,
  type ForwardState,
  forwardOf,
  type NoticeState,
  paysFirst,
  type StoredOrder,
} from '#shop/order/index.ts';
import { forwardKey, noticeTaskKey } from '#shop/order-engine/index.ts';
import { stepTaskWrites } from './step-tasks.ts';
import type { TaskRow, TaskState } from './task-view.ts';

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

const TASK_STATE_OF_FORWARD: Record<ForwardState['status'], TaskState> = {
  pending: 'pending',
  sending: 'running',
  done: 'done',
  failed: 'retry',
  'needs-attention': 'given-up',
  'not-sent': 'skipped',
};

/** A notice's task state from its status on the order (also how scripts/migrate-orders.ts reads old records). */
export const TASK_STATE_OF_NOTICE: Record<NoticeState['status'], TaskState> = {
  pending: 'pending',
  sending: 'running',
  sent: 'done',
  failed: 'retry',
  'gave-up': 'given-up',
  skipped: 'skipped',
};

const stateOf = (status: ForwardState['status'], ready: boolean): TaskState | undefined => {
  if (status === 'pending' || status === 'sending' || status === 'failed') return ready ? 'pending' : 'waiting';
  if (status === 'done') return 'done';
  if (status === 'needs-attention') return 'given-up';
  return undefined; // not-sent: nothing to do
};

/** The attempts a forward and a notice both keep on the order, as the `set` of their task writes them. */
const attemptFields = (wanted: ForwardState | NoticeState) => ({
  attempts: wanted.attempts,
  ...(wanted.lastError ? { lastError: wanted.lastError } : {}),
  ...(wanted.claimedAt ? { claimedAt: wanted.claimedAt } : {}),
  ...(wanted.nextAttemptAt ? { runAt: wanted.nextAttemptAt } : {}),
});

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
        ...attemptFields(wanted),
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
        ...attemptFields(wanted),
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
