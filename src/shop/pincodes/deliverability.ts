/**
 * Whether we can deliver to a pincode, and with which payment: the one rule behind the checkout's
 * pincode message, Cash on Delivery being offered, and the server's refusal at order time
 * (docs/shop-rules.md §5 and §11). Unknown serviceability (the carrier could not be asked) never
 * blocks an order: the shop would rather take it and sort it out than lose it.
 */

import type { ErrorCode } from '../error-codes.ts';
import type { PaymentMode } from '../order/index.ts';
import { text } from '../texts/checkout.ts';

export interface Serviceability {
  serviceable: boolean;
  prepaid: boolean;
  cod: boolean;
}

export type DeliveryRefusal = { code: (typeof ErrorCode)['NOT_SERVICEABLE' | 'COD_UNAVAILABLE']; message: string };

/** Why an order to this pincode with this payment cannot be taken, or undefined when it can. */
export function deliveryRefusal(
  pincode: string,
  mode: PaymentMode,
  serviceability: Serviceability | null | undefined,
): DeliveryRefusal | undefined {
  if (!serviceability) return undefined;
  if (!serviceability.serviceable || (!serviceability.prepaid && !serviceability.cod)) {
    return { code: 'NOT_SERVICEABLE', message: text('delivery.notServiceable', { pincode }) };
  }
  if (mode === 'cod' && !serviceability.cod) {
    return { code: 'COD_UNAVAILABLE', message: text('delivery.codUnavailable', { pincode }) };
  }
  if (mode === 'prepaid' && !serviceability.prepaid) {
    return { code: 'NOT_SERVICEABLE', message: text('delivery.notServiceable', { pincode }) };
  }
  return undefined;
}
