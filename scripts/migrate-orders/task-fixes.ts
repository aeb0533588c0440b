// `npm run migrate:orders`: an order's forwards and notices as task rows, in the state its Blobs record
// shows (a notice sent stays sent: never sent again).

import type { ForwardState, StoredOrder } from '#shop/order/index.ts';
import { FORWARD_KINDS } from '#shop/order/index.ts';
import { forwardKey, noticeTaskKey } from '#shop/order-engine/index.ts';
import { createOrderLog } from '../../netlify/lib/orders/order-log.ts';
import type { Database, Queries } from '../../netlify/lib/platform/database.ts';
import { TASK_STATE_OF_NOTICE } from '../../netlify/lib/tasks/order-tasks.ts';
import type { TaskState } from '../../netlify/lib/tasks/task-view.ts';

/** The claim a task being sent when Blobs was read is left under: no runner holds it, so one takes it over once stale. */
const MIGRATED_CLAIM = 'migrated-from-blobs';

// ---------------------------------------------------------------------------------------------------
// Tasks as the Blobs record shows them

const TASK_OF_FORWARD: Record<ForwardState['status'], TaskState | null> = {
  pending: null, // as `create` made it: pending, or waiting while not ready
  sending: 'running',
  done: 'done',
  failed: 'retry',
  'needs-attention': 'given-up',
  'not-sent': null, // `create` makes no task
};

/** A task row as the Blobs record shows it; a null leaves the column as `create` wrote it. */
interface TaskFix {
  key: string;
  state: TaskState | null;
  attempts: number;
  last_error: string | null;
  claimed_at: string;
  first_attempt_at: string | null;
  run_at: string | null;
  result: Record<string, unknown>;
  created_at: string | null;
  updated_at: string | null;
}

/**
 * `create` inserts each forward as pending (or waiting) and each notice as pending: right for a new
 * order, not for one whose email went out a month ago. These set each task to what the Blobs record
 * says, so nothing done is done again; one being sent (`sending`) is left running under a claim no
 * runner holds, which goes stale, and a runner takes it over as it would have in Blobs.
 */
export const SETTLE_TASKS = `
  update tasks t set state = coalesce(s.state, t.state), attempts = s.attempts, last_error = s.last_error,
    claim = case when s.state = 'running' then '${MIGRATED_CLAIM}' end,
    claimed_at = case when s.state = 'running' then s.claimed_at end,
    first_attempt_at = s.first_attempt_at, run_at = coalesce(s.run_at, t.run_at), result = s.result,
    created_at = coalesce(s.created_at, t.created_at), updated_at = coalesce(s.updated_at, t.updated_at)
  from jsonb_to_recordset($2::jsonb) as s(key text, state text, attempts int, last_error text,
    claimed_at timestamptz, first_attempt_at timestamptz, run_at timestamptz, result jsonb,
    created_at timestamptz, updated_at timestamptz)
  where t.key = s.key and t.order_id = $1`;

export function taskFixes(order: StoredOrder): TaskFix[] {
  const fixes: TaskFix[] = [];
  for (const kind of FORWARD_KINDS) {
    const forward = order.forwards[kind];
    if (!forward || forward.status === 'not-sent') continue;
    const state = TASK_OF_FORWARD[forward.status];
    fixes.push({
      key: forwardKey(order, kind),
      state,
      attempts: forward.attempts,
      last_error: forward.lastError ?? null,
      claimed_at: forward.claimedAt ?? forward.at ?? order.updatedAt,
      first_attempt_at: forward.firstAttemptAt ?? null,
      run_at: state === 'retry' ? (forward.nextAttemptAt ?? order.updatedAt) : null,
      result: {
        ...(forward.waybill ? { waybill: forward.waybill } : {}),
        ...(forward.syncedStatus ? { syncedStatus: forward.syncedStatus } : {}),
        ...(forward.syncedCells ? { syncedCells: forward.syncedCells } : {}),
      },
      created_at: null,
      updated_at: forward.at ?? null,
    });
  }
  for (const [key, notice] of Object.entries(order.notices ?? {})) {
    const state = TASK_STATE_OF_NOTICE[notice.status];
    fixes.push({
      key: noticeTaskKey(order.orderId, key),
      state,
      attempts: notice.attempts,
      last_error: notice.lastError ?? null,
      claimed_at: notice.claimedAt ?? notice.at ?? order.updatedAt,
      first_attempt_at: null,
      run_at: state === 'retry' ? (notice.nextAttemptAt ?? order.updatedAt) : null,
      result: {
        ...(notice.messageId ? { messageId: notice.messageId } : {}),
        ...(notice.delivery ? { delivery: notice.delivery } : {}),
      },
      // A notice's retries stop a day after it was earned (tasks/runner.ts): when Blobs says it was.
      created_at: notice.createdAt,
      updated_at: notice.at ?? null,
    });
  }
  return fixes;
}

/** The order log on a transaction: `create` and `get` run only single statements. */
export function logOn(tx: Queries) {
  const db: Database = {
    query: (text, params) => tx.query(text, params),
    transaction: (work) => work(tx),
    statements: 0,
    close: async () => {},
  };
  return createOrderLog(db);
}
