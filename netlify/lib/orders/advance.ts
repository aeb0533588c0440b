/**
 * The COD fee paid now (issue 34 §2, docs/shop-rules.md §10 rule 17, "The COD fee paid now"): a
 * Cash on Delivery order, priced with the COD charge, whose Razorpay order is for that charge
 * alone. It goes the prepaid way (pay.ts): recorded `pending`, placed only once Razorpay has the
 * fee captured, expired unpaid after 15 minutes; the payment confirms it, so it skips the
 * WhatsApp confirmation, and Delhivery collects the total less the fee (`cashOnDelivery`).
 */
import type { CodState } from '#shop/cod/index.ts';
import { advanceOffered } from '#shop/cod/index.ts';
import { text } from '#shop/texts/server.ts';
import { fail, type ServiceResult } from '../platform/http.ts';
import type { Priced } from './place.ts';

/**
 * The fee to pay now: the COD charge the server priced the order with, from the shop settings,
 * never a figure from the browser. A shop that charges no COD fee has none to take (422).
 */
export function advanceFee(priced: Priced): ServiceResult<number> {
  const fee = priced.totals.codCharge;
  if (!advanceOffered(fee)) return fail(422, 'COD_ADVANCE_UNAVAILABLE', text('codAdvance.unavailable'));
  return { ok: true, status: 200, body: fee };
}

/**
 * A new advance order's COD state: the fee it asks for. The rules' decision is `allow` with no
 * reason here: which orders may use plain COD is decided by the COD rules (cod-rules.ts), which
 * record their own decision in its place.
 */
export const advanceCodState = (amount: number, at: string): CodState => ({
  decision: { outcome: 'allow', reasons: [], at },
  advance: { amount },
});
