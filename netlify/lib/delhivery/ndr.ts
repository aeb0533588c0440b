/**
 * Delhivery's NDR action after a failed delivery (docs/shop-rules.md §10 rule 16): `RE-ATTEMPT`,
 * asked when the shopper taps "Deliver tomorrow" on WhatsApp. `POST /api/p/update` with
 * `{ data: [{ waybill, act: 'RE-ATTEMPT' }] }` (Delhivery's B2C documentation, "NDR API"). The
 * call is asynchronous: a 2xx with a `request_id` (the UPL id) means Delhivery *queued* it, not
 * that it was applied — it applies only to a parcel whose latest status allows a re-attempt
 * (EOD-74 consignee unavailable, EOD-6 refused, …), with at most two attempts so far, and
 * Delhivery advises sending after 9 PM, when the day's failed parcels are back at the hub. The
 * parcel's next scans (the sync) show what came of it. Delhivery's exact answer fields are not
 * documented beyond `request_id`; `upl` and `upl_id` are read too.
 */
import { z } from 'zod';
import { failure, type Outcome } from '../platform/outcome.ts';
import type { DelhiveryApi } from './json-api.ts';

export type ReattemptResult = Outcome<{ requestId: string }>;

const ndrAnswerSchema = z.object({
  request_id: z.string().nullish(),
  upl: z.string().nullish(),
  upl_id: z.string().nullish(),
  message: z.string().nullish(),
  error: z.unknown().optional(),
});

export function delhiveryReattempt(api: DelhiveryApi, timeoutMs: number) {
  return async (waybill: string): Promise<ReattemptResult> => {
    const answer = await api.call(
      api.url('/api/p/update'),
      {
        method: 'POST',
        headers: { ...api.headers, 'Content-Type': 'application/json' },
        body: JSON.stringify({ data: [{ waybill, act: 'RE-ATTEMPT' }] }),
      },
      ndrAnswerSchema,
      timeoutMs,
    );
    if (!answer.ok)
      return failure(answer.code, `Delhivery did not take the re-attempt of ${waybill}: ${answer.reason}`);
    const requestId = answer.data.request_id ?? answer.data.upl ?? answer.data.upl_id;
    if (!requestId)
      return failure(
        'REFUSED',
        `Delhivery answered no request id for ${waybill}${answer.data.message ? `: ${answer.data.message}` : ''}`,
      );
    return { ok: true, requestId };
  };
}

/** The local carrier's stand-in: the request is taken (its simulated journey does not change). */
export const simulatedReattempt = async (waybill: string): Promise<ReattemptResult> => ({
  ok: true,
  requestId: `UPLSIM${waybill.replace(/\D/g, '').slice(-12)}`,
});
