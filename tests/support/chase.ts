/**
 * A COD order's chase run on its own (netlify/lib/orders/chase-kind.ts): the order's due chase
 * steps and what they earned, by the one runner, as the sweep runs them; the step this run took.
 */
import { CHASED_FIELD, type ChaseStep } from '#shop/order-engine/index.ts';
import { TASK_KINDS } from '../../netlify/lib/tasks/kinds.ts';
import { runOrderTasks } from '../../netlify/lib/tasks/runner.ts';
import type { TestOrderWorld } from './orders.ts';

export async function chaseConfirmation(deps: TestOrderWorld['deps'], orderId: string): Promise<ChaseStep | undefined> {
  const before = (await deps.log.get(orderId))?.cod?.confirmation?.chased ?? {};
  const ran = await runOrderTasks(deps, TASK_KINDS, orderId, ['cod-chase', 'notice', 'sheet']);
  const after = (ran.order ?? (await deps.log.get(orderId)))?.cod?.confirmation?.chased ?? {};
  // The latest step this run took (a run after 48 hours that found none taken takes the call only).
  return (Object.keys(CHASED_FIELD) as ChaseStep[]).findLast(
    (step) => after[CHASED_FIELD[step]] !== undefined && before[CHASED_FIELD[step]] === undefined,
  );
}
