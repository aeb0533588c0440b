/**
 * A COD order its shopper has not confirmed yet is chased, once per step (docs/shop-rules.md §10
 * rule 17): after 15 minutes the `cod_confirm` template (to a shopper who agreed to WhatsApp),
 * after 24 hours one reminder, after 48 hours staff are asked to call (`Needs attention: not
 * confirmed`). Each step is a task due at its time (chase-kind.ts), taken by the engine's
 * `cod-confirmation-chased` (src/shop/order-engine/cod-events.ts) in the same write as the notice
 * it earns, so two runs at once chase once. An order locked by wrong codes (confirm.ts) is not
 * chased: it is staff's to call already.
 */
import { CHASED_FIELD, type ChaseStep } from '#shop/order-engine/cod-events.ts';
import { TASK_KINDS } from '../tasks/kinds.ts';
import { runOrderTasks } from '../tasks/runner.ts';
import type { OrderDeps } from './types.ts';

/** Runs the order's chase steps that are due, sending what they earned; the step taken, or undefined when none was. */
export async function chaseConfirmation(deps: OrderDeps, orderId: string): Promise<ChaseStep | undefined> {
  const before = (await deps.log.get(orderId))?.cod?.confirmation?.chased ?? {};
  const ran = await runOrderTasks(deps, TASK_KINDS, orderId, ['cod-chase', 'notice', 'sheet']);
  const after = (ran.order ?? (await deps.log.get(orderId)))?.cod?.confirmation?.chased ?? {};
  // The latest step this run took (a run after 48 hours that found none taken takes the call only).
  return (Object.keys(CHASED_FIELD) as ChaseStep[]).findLast(
    (step) => after[CHASED_FIELD[step]] !== undefined && before[CHASED_FIELD[step]] === undefined,
  );
}
