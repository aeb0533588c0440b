/**
 * The place of supply of an order's goods: the State where their movement ends, the delivery
 * address's (IGST Act s.10(1)(a); docs/shop-rules.md §12). The State the shopper typed, when the
 * shop reads it and the pincode can be there; else the pincode's only State. A pincode that may be
 * in two States (the Uttar Pradesh postal circle serves Uttarakhand too) with no State typed has
 * no answer: the invoice waits for staff rather than guess CGST + SGST against IGST.
 */
import { gstStateCode } from './gst-states.ts';
import type { Place } from './invoice.ts';
import type { Customer } from './order.ts';
import { type IndianState, stateNamed, statesForPincode } from './pincode-states.ts';

/** Prefixes of the Uttar Pradesh circle wholly inside Uttarakhand: Dehradun, Haridwar–Uttarkashi, Kumaon. */
const UTTARAKHAND_ONLY = ['248', '249', '263'];

export function placeOfSupply(customer: Pick<Customer, 'pincode' | 'state'>): Place | undefined {
  const possible = UTTARAKHAND_ONLY.includes(customer.pincode.slice(0, 3))
    ? (['Uttarakhand'] as const)
    : statesForPincode(customer.pincode);
  const typed = stateNamed(customer.state ?? '');
  let state: IndianState | undefined;
  if (typed && (!possible || possible.includes(typed))) state = typed;
  else if (possible?.length === 1) state = possible[0];
  const stateCode = state ? gstStateCode(state) : undefined;
  return state && stateCode ? { stateName: state, stateCode } : undefined;
}
