/**
 * The questions a quote asks (docs/shop-rules.md §6): Delhivery's surface rate between two
 * pincodes (`GET /api/kinko/v1/invoice/charges/.json`) and whether it serves a pincode, prepaid
 * and for COD (`GET /c/api/pin-codes/json/`). Both sit on the shopper's path: no answer is
 * "unknown" (undefined), and the caller falls back.
 */
import { z } from 'zod';
import { pincodeSchema } from '#shop/schemas/index.ts';
import type { Delhivery } from './client.ts';
import type { DelhiveryApi } from './json-api.ts';
import { NOT_SERVICEABLE } from './local.ts';

const amountSchema = z.union([
  z.number(),
  z
    .string()
    .trim()
    .regex(/^\d+(\.\d+)?$/)
    .transform(Number),
]);

/** Rate: a JSON array whose first element carries the total charge. */
const rateResponseSchema = z.array(z.object({ total_amount: amountSchema.pipe(z.number().nonnegative()) })).min(1);

const yesNo = z.string().transform((flag) => flag.trim().toUpperCase() === 'Y');

const pincodeResponseSchema = z.object({
  delivery_codes: z.array(
    z.object({
      postal_code: z.object({
        pin: z.union([z.number(), z.string()]).transform(String),
        cod: yesNo.nullish(),
        pre_paid: yesNo.nullish(),
      }),
    }),
  ),
});

export function delhiveryRates(api: DelhiveryApi, timeoutMs: number): Pick<Delhivery, 'quoteRate' | 'checkPincode'> {
  return {
    async quoteRate({ originPin, destinationPin, grams, mode }) {
      const target = api.url('/api/kinko/v1/invoice/charges/.json', {
        md: 'S',
        ss: 'Delivered',
        d_pin: destinationPin,
        o_pin: originPin,
        cgm: String(Math.max(1, Math.round(grams))),
        pt: mode === 'cod' ? 'COD' : 'Pre-paid',
      });
      const result = await api.call(target, { headers: api.headers }, rateResponseSchema, timeoutMs);
      if (!result.ok) {
        console.warn(`delhivery: no rate for ${originPin} → ${destinationPin}: ${result.reason}`);
        return undefined;
      }
      return result.data[0]?.total_amount;
    },

    async checkPincode(pin) {
      if (!pincodeSchema.safeParse(pin).success) return NOT_SERVICEABLE;
      const target = api.url('/c/api/pin-codes/json/', { filter_codes: pin });
      const result = await api.call(target, { headers: api.headers }, pincodeResponseSchema, timeoutMs);
      if (!result.ok) {
        console.warn(`delhivery: serviceability of ${pin} unknown: ${result.reason}`);
        return undefined;
      }
      // Delhivery answers an empty list for a pincode it does not serve.
      const entry = result.data.delivery_codes.find((code) => code.postal_code.pin === pin)?.postal_code;
      if (!entry) return NOT_SERVICEABLE;
      const prepaid = entry.pre_paid ?? false;
      const cod = entry.cod ?? false;
      return { serviceable: prepaid || cod, prepaid, cod };
    },
  };
}
