/**
 * An order's task rows as the order shows them (decision 031): the `tasks` table holds the state of
 * every forward (Sheet rows, booking, confirmation email, invoice) and every notice, and an order
 * read from the log carries them as `forwards` and `notices` (src/shop/order/order-record.ts), so staff's
 * Status, the Sheet's cells and the shopper's page are derived from them. What a change of the
 * order asks of its rows is order-tasks.ts.
 */

import type { ForwardKind, ForwardState, NoticeState, StoredOrder } from '#shop/order/index.ts';
import type { TaskSettledEvent } from '#shop/order-engine/index.ts';
import { forwardKey } from '#shop/order-engine/index.ts';
import type { SettledTask } from './runner.ts';

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

const SETTLED: readonly TaskState[] = ['done', 'retry', 'given-up', 'skipped'];

function forwardState(task: TaskRow): ForwardState {
  const result = task.result as Pick<ForwardState, 'waybill' | 'syncedStatus' | 'syncedCells' | 'tab'>;
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
    ...(result.tab ? { tab: result.tab } : {}),
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

/** The task's row as its settle leaves it (runner.ts `settledState`), for the order written with it. */
function settledRow(settled: SettledTask): TaskRow {
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

export const forwardView = (settled: SettledTask) => forwardState(settledRow(settled));
export const noticeView = (settled: SettledTask) => noticeState(settledRow(settled));

/** The `task-settled` a forward's task writes on its order (src/shop/order-engine/task-settles.ts): its state as its row now reads. */
export const settledForward =
  (kind: ForwardKind) =>
  (settled: SettledTask): TaskSettledEvent => ({
    type: 'task-settled',
    at: settled.at,
    key: settled.task.key,
    kind,
    state: forwardView(settled),
  });
