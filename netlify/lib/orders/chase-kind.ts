/**
 * A COD order's chase step as a task (docs/shop-rules.md §10 rule 17; issue 47): the three steps —
 * the `cod_confirm` template after 15 minutes, one reminder after 24 hours, staff asked to call
 * after 48 — are earned when the order is placed awaiting its shopper's yes, each due at its time
 * (`<orderId>/cod-chase/asked|reminded|call`, src/shop/order-engine/transition.ts `earnedSteps`).
 * Nothing outside is asked: the step is taken by the engine's `cod-confirmation-chased` in the
 * settle's own write, which earns the WhatsApp notice the notice kind then sends, once.
 */
import { awaitingConfirmation } from '#shop/cod/index.ts';
import type { TaskKind } from '../tasks/runner.ts';

export const COD_CHASE_TASK: TaskKind = {
  windowFrom: 'first-attempt',
  // Confirmed or cancelled since it was earned: nothing to chase.
  perform: async (_deps, order) => (awaitingConfirmation(order.cod) ? { status: 'done' } : { status: 'skipped' }),
  settledEvent: ({ state, at }) => (state === 'done' ? { type: 'cod-confirmation-chased', at } : undefined),
};
