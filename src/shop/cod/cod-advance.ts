/**
 * The COD fee paid now (issue 34 §2, docs/shop-rules.md §10 rule 17, "The COD fee paid now"): the
 * checkout's third way to pay. The order is a Cash on Delivery order, priced with the COD charge;
 * the shopper pays that charge now through Razorpay (UPI) and the rest in cash on delivery. Pure:
 * the checkout, the order page and the functions split the money the same way.
 */

import type { PaymentMode } from '../order/index.ts';
import { cashOnDelivery } from './cod.ts';

/** How the shopper pays, as the checkout offers it (PaymentChoice): online, in cash, or the COD fee now. */
export const CHECKOUT_PAYMENTS = ['prepaid', 'cod', 'cod-advance'] as const;
export type CheckoutPayment = (typeof CHECKOUT_PAYMENTS)[number];

/** The mode the order is priced and recorded with: an order with the COD fee paid now is a COD order. */
export const paymentModeOf = (payment: CheckoutPayment): PaymentMode => (payment === 'prepaid' ? 'prepaid' : 'cod');

/** What is paid now (the COD fee) and what in cash on delivery, for a COD order of `total` (rupees). */
export function advanceSplit(total: number, fee: number): { now: number; onDelivery: number } {
  return { now: fee, onDelivery: cashOnDelivery(total, { advance: { amount: fee } }) };
}

/** The fee can be paid now only where there is one: a shop whose COD charge is ₹0 offers no advance. */
export const advanceOffered = (codCharge: number) => codCharge > 0;
