/** Every kind of task the runner performs, by name (runner.ts): one file each holds its `perform`. */
import { NOTICE_TASK } from '../notify/notice-kind.ts';
import { CANCEL_FINISH_TASK } from '../orders/cancel-finish-kind.ts';
import { CANCEL_BOOKING_TASK } from '../orders/cancel-kind.ts';
import { COD_CHASE_TASK } from '../orders/chase-kind.ts';
import { FORWARD_TASKS } from '../orders/forward-kinds.ts';
import { PAYMENT_CHECK_TASK } from '../orders/payment-check-kind.ts';
import { PAYMENT_START_TASK } from '../orders/payment-start-kind.ts';
import { REFUND_TASK } from './refund-kind.ts';
import type { KindName, TaskKind } from './runner.ts';

export const TASK_KINDS: Readonly<Record<KindName, TaskKind>> = {
  ...FORWARD_TASKS,
  notice: NOTICE_TASK,
  'payment-start': PAYMENT_START_TASK,
  'payment-check': PAYMENT_CHECK_TASK,
  'cancel-booking': CANCEL_BOOKING_TASK,
  'cancel-finish': CANCEL_FINISH_TASK,
  refund: REFUND_TASK,
  'cod-chase': COD_CHASE_TASK,
};
