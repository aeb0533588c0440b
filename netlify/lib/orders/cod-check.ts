/**
 * The COD rules on the server (docs/shop-rules.md §10 rule 17): the same decision for the
 * checkout's question before Place Order (`codOptions`, place.ts) and for the COD order itself,
 * which is refused (422 `COD_NOT_ALLOWED`, the checkout's own sentence) when the rules do not
 * allow plain cash on delivery.
 */
import type { CodDecision } from '#shop/cod/index.ts';
import { codSentence, decideCod } from '#shop/cod/index.ts';
import type { Customer } from '#shop/order/index.ts';
import { fail, type ServiceResult } from '../platform/http.ts';
import { earlierOrders } from './phone-history.ts';
import type { Priced } from './place.ts';
import type { OrderDeps } from './types.ts';

type Delivery = Pick<Customer, 'phone' | 'address1' | 'address2' | 'city' | 'state' | 'pincode'>;

/**
 * The rules' decision for an order to `delivery` at the priced total. `orderId` is left out of
 * the phone's history: a retry of an order already recorded is not judged by its own first try.
 */
export async function decideCodFor(
  deps: Pick<OrderDeps, 'codHistory' | 'now'>,
  input: { orderId: string | undefined; delivery: Delivery; priced: Priced },
): Promise<CodDecision> {
  const { delivery, priced } = input;
  return decideCod({
    address: delivery,
    pincode: delivery.pincode,
    total: priced.totals.total,
    serviceability: priced.serviceability,
    history: await earlierOrders(deps, delivery.phone, input.orderId ?? ''),
    now: deps.now(),
    settings: priced.rules.codRules,
  });
}

/** The refusal of a COD order the rules do not allow as plain COD: the checkout's own sentence. */
export function codNotAllowed(decision: CodDecision, pincode: string): ServiceResult<never> {
  return fail(422, 'COD_NOT_ALLOWED', codSentence(decision, pincode) as string);
}
