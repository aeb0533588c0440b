/**
 * A COD order its shopper has not confirmed yet is chased, once per step, by the reconciler's
 * runs (docs/shop-rules.md §10 rule 17): after 15 minutes the `cod_confirm` template (to a shopper
 * who agreed to WhatsApp), after 24 hours one reminder, after 48 hours staff are asked to call
 * (`Needs attention: not confirmed`). Each step is written on the order in the same conditional
 * write as the notice it earns, so two runs at once chase once. An order locked by wrong codes
 * (confirm.ts) is not chased: it is staff's to call already.
 */
import { ASK_AFTER_MS, awaitingConfirmation, CALL_AFTER_MS, confirmationLocked, REMIND_AFTER_MS } from '#shop/cod.ts';
import { enqueueOrderNotice } from '#shop/order-engine/notices.ts';
import { resyncSheet } from '#shop/order-engine/sheet-row.ts';
import type { StoredOrder } from '#shop/order-record.ts';
import { deliverNotices } from '../notify/notices.ts';
import { syncSheetRows } from './forward.ts';
import type { OrderDeps } from './types.ts';

export type ChaseStep = 'asked' | 'reminded' | 'staff to call';

/** The step due for this order now, if any (each taken once, in order). */
function dueStep(order: StoredOrder, now: number): ChaseStep | undefined {
  const chased = order.cod?.confirmation?.chased ?? {};
  const age = now - Date.parse(order.createdAt);
  if (age >= CALL_AFTER_MS) return chased.call ? undefined : 'staff to call';
  if (age >= REMIND_AFTER_MS && !chased.reminder) return 'reminded';
  if (age >= ASK_AFTER_MS && !chased.template && !chased.reminder) return 'asked';
  return undefined;
}

const FIELD = { asked: 'template', reminded: 'reminder', 'staff to call': 'call' } as const;

/** Takes the step due for an unconfirmed COD order, sending what it earned; undefined when none is. */
export async function chaseConfirmation(deps: OrderDeps, orderId: string): Promise<ChaseStep | undefined> {
  let taken: ChaseStep | undefined;
  await deps.log.update(orderId, (order) => {
    const confirmation = order.cod?.confirmation;
    // Locked by wrong codes: staff call already, and a `cod_confirm` Confirm button would be refused.
    if (!confirmation || !awaitingConfirmation(order.cod) || confirmationLocked(order.cod) || order.cancellation)
      return undefined;
    const now = deps.now();
    taken = dueStep(order, now.getTime());
    if (!taken) return undefined;
    const at = now.toISOString();
    confirmation.chased = { ...confirmation.chased, [FIELD[taken]]: at };
    if (taken === 'asked') enqueueOrderNotice(order, 'cod-confirm', at);
    if (taken === 'reminded') enqueueOrderNotice(order, 'cod-confirm', at, 'cod-confirm-reminder');
    const told = order.whatsapp?.consent ? 'on WhatsApp' : 'no WhatsApp consent: nothing sent';
    order.history.push({
      at,
      event:
        taken === 'staff to call'
          ? 'COD not confirmed in 48 hours: staff to call'
          : `COD confirmation ${taken} (${told})`,
    });
    if (taken === 'staff to call') resyncSheet(order);
    order.updatedAt = at;
    return order;
  });
  if (taken === 'staff to call') await syncSheetRows(deps, orderId);
  else if (taken) await deliverNotices(deps, orderId);
  return taken;
}
