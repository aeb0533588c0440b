/**
 * The place of supply of an order's goods: the State where their movement ends, the delivery
 * address's (IGST Act s.10(1)(a); docs/shop-rules.md §12). The State the shopper typed, when the
 * shop reads it and the pincode can be there; else the pincode's only State. A pincode that may be
 * in two States with no State typed has no answer: the invoice waits for staff rather than guess.
 * The Uttar Pradesh postal circle, which serves Uttarakhand too, is split finer below.
 */

import type { Customer } from '../order/index.ts';
import { type IndianState, stateNamed, statesForPincode } from '../pincodes/index.ts';
import { gstStateCode } from './gst-states.ts';
import type { Place } from './invoice.ts';

/**
 * Where the Uttar Pradesh circle's pincodes are Uttarakhand's, the one split that decides CGST +
 * SGST against IGST: Dehradun (248), Haridwar to Uttarkashi (249) and Kumaon (263) whole; Ramnagar
 * (2447), Garhwal (2460–2464), Roorkee and Haridwar (2476–2477), Pithoragarh and Champawat
 * (2625–2626). The rest of 244, 246, 247 and 262 (Moradabad, Bijnor, Saharanpur, Pilibhit) is Uttar
 * Pradesh's, as are 25 and 26's other districts. From India Post's sorting districts; a State the
 * shopper typed still comes first.
 */
const UTTARAKHAND = /^(248|249|263|2447|246[0-4]|247[67]|262[56])/;
/** The circle's other pincodes (24, 25 and 26): Uttar Pradesh's. */
const UTTAR_PRADESH_TOO = /^2[456]/;

/** The one State the pincode is in, where the shop knows it. */
function pincodeState(pincode: string): IndianState | undefined {
  if (UTTARAKHAND.test(pincode)) return 'Uttarakhand';
  if (UTTAR_PRADESH_TOO.test(pincode)) return 'Uttar Pradesh';
  const possible = statesForPincode(pincode);
  return possible?.length === 1 ? possible[0] : undefined;
}

export function placeOfSupply(customer: Pick<Customer, 'pincode' | 'state'>): Place | undefined {
  const possible = statesForPincode(customer.pincode);
  const typed = stateNamed(customer.state ?? '');
  // The shopper's own State, when the pincode's prefix can be in it; else the pincode's.
  const state = typed && (!possible || possible.includes(typed)) ? typed : pincodeState(customer.pincode);
  const stateCode = state ? gstStateCode(state) : undefined;
  return state && stateCode ? { stateName: state, stateCode } : undefined;
}
