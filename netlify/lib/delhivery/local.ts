/**
 * Delhivery's embedded local default: no network, ever. No carrier rate (callers use the fallback
 * estimate), every valid pincode serviceable, shipments recorded as not sent.
 */
import { pincodeSchema } from '../../../src/shop/schemas.ts';
import { failure } from '../platform/outcome.ts';
import type { Delhivery, PincodeServiceability } from './client.ts';

export const NOT_SERVICEABLE: PincodeServiceability = { serviceable: false, prepaid: false, cod: false };

export const localDelhivery: Delhivery = {
  configured: false,
  quoteRate: async () => undefined,
  checkPincode: async (pin) =>
    pincodeSchema.safeParse(pin).success ? { serviceable: true, prepaid: true, cod: true } : NOT_SERVICEABLE,
  createShipment: async () => failure('NOT_CONFIGURED', 'Delhivery is not configured'),
};
