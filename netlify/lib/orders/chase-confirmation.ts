/**
 * A COD order its shopper has not confirmed yet is chased, once per step, by the reconciler's
 * runs (docs/shop-rules.md §10 rule 17): after 15 minutes the `cod_confirm` template (to a shopper
 * who agreed to WhatsApp), after 24 hours one reminder, after 48 hours staff are asked to call
 * (`Needs attention: not confirmed`). Each step is written on the order in the same conditional
 * write as the notice it earns (its engine's `cod-confirmation-chased`,
 * src/shop/order-engine/cod-events.ts), so two runs at once chase once. An order locked by wrong
 * codes (confirm.ts) is not chased: it is staff's to call already.
 */
import { type ChaseStep, chaseTaken } from '#shop/order-engine/cod-events.ts';
import { deliverNotices } from '../notify/notices.ts';
import { syncSheetRows } from './forward.ts';
import type { OrderDeps } from './types.ts';

/** Takes the step due for an unconfirmed COD order, sending what it earned; undefined when none is. */
export async function chaseConfirmation(deps: OrderDeps, orderId: string): Promise<ChaseStep | undefined> {
  const at = deps.now().toISOString();
  const { order, changed } = await deps.log.apply(orderId, { type: 'cod-confirmation-chased', at });
  const taken = changed ? chaseTaken(order, at) : undefined;
  if (taken === 'staff to call') await syncSheetRows(deps, orderId);
  else if (taken) await deliverNotices(deps, orderId);
  return taken;
}
