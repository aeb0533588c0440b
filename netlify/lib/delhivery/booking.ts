/**
 * Booking a parcel with Delhivery (`POST /api/cmu/create.json`, the shipment and the pickup
 * location as form data): its waybill, or why there is none — `DUPLICATE` when Delhivery already
 * has a shipment for the order, `REFUSED` with its remarks, `UNREACHABLE` to be retried.
 */
import { z } from 'zod';
import { failure } from '../platform/outcome.ts';
import type { Delhivery } from './client.ts';
import type { DelhiveryApi } from './json-api.ts';

const createResponseSchema = z.object({
  success: z.boolean().nullish(),
  rmk: z.string().nullish(),
  packages: z
    .array(
      z.object({
        waybill: z.union([z.string(), z.number()]).transform(String).nullish(),
        status: z.string().nullish(),
        remarks: z.union([z.array(z.string()), z.string()]).nullish(),
      }),
    )
    .nullish(),
});

export function delhiveryBooking(api: DelhiveryApi, timeoutMs: number): Delhivery['createShipment'] {
  return async ({ shipment, pickupName }) => {
    const data = JSON.stringify({ shipments: [shipment], pickup_location: { name: pickupName } });
    const result = await api.call(
      api.url('/api/cmu/create.json'),
      {
        method: 'POST',
        headers: { ...api.headers, 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ format: 'json', data }).toString(),
      },
      createResponseSchema,
      timeoutMs,
    );
    if (!result.ok) {
      console.warn(`delhivery: shipment for ${shipment.order} not created: ${result.reason}`);
      return failure(result.code, result.reason);
    }
    const first = result.data.packages?.[0];
    const accepted = result.data.success === true || first?.status?.toLowerCase() === 'success';
    if (first?.waybill && accepted) return { ok: true, waybill: first.waybill };
    const reason = rejectionReason(first?.remarks, result.data.rmk, first?.status);
    console.warn(`delhivery: shipment for ${shipment.order} refused: ${reason}`);
    // Delhivery says a repeated order id only in its remarks ("Duplicate order id"): this is the
    // one place its words are read, so the order flow can decide on the code.
    return failure(/duplicate/i.test(reason) ? 'DUPLICATE' : 'REFUSED', reason);
  };
}

function rejectionReason(
  remarks: string | string[] | null | undefined,
  rmk: string | null | undefined,
  status: string | null | undefined,
) {
  const fromRemarks = (Array.isArray(remarks) ? remarks : [remarks ?? '']).filter((text) => text.trim()).join('; ');
  return fromRemarks || rmk?.trim() || (status ? `package status ${status}` : 'Delhivery returned no waybill');
}
