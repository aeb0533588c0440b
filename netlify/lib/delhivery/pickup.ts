/**
 * The day's pickup request to Delhivery (`POST /fm/request/new/`, docs/shop-rules.md §10): its
 * pickup id, also when the location already had a request for that day (`pr_exist`).
 */
import { z } from 'zod';
import { type Failure, failure } from '../platform/outcome.ts';
import type { Delhivery, PickupResult } from './client.ts';
import type { DelhiveryApi } from './json-api.ts';

/**
 * Pickup request: `{ pickup_id, pickup_date, pickup_time, pickup_location_name, client_name,
 * incoming_center_name, expected_package_count }` when made; `{ success: false, pr_exist: true,
 * pickup_id, error: { message } }` when the location already has one for that day. Delhivery sends
 * the id as a number; a string is taken too.
 */
const pickupIdSchema = z.union([z.number().int().nonnegative(), z.string().trim().min(1)]).transform(String);
const pickupResponseSchema = z.object({
  pickup_id: pickupIdSchema.nullish(),
  pr_exist: z.boolean().nullish(),
  success: z.boolean().nullish(),
  error: z.object({ message: z.string().nullish() }).nullish(),
  data: z.object({ message: z.string().nullish() }).nullish(),
  message: z.string().nullish(),
});

export function delhiveryPickup(api: DelhiveryApi, timeoutMs: number): Delhivery['requestPickup'] {
  return async ({ location, date, time, expectedPackageCount }) => {
    const result = await api.call(
      api.url('/fm/request/new/'),
      {
        method: 'POST',
        headers: { ...api.headers, 'Content-Type': 'application/json' },
        body: JSON.stringify({
          pickup_time: time,
          pickup_date: date,
          pickup_location: location,
          expected_package_count: expectedPackageCount,
        }),
      },
      z.unknown(),
      timeoutMs,
    );
    const outcome = result.ok
      ? pickupOutcome(result.data, undefined)
      : pickupOutcome(result.body, failure(result.code, result.reason));
    if (!outcome.ok) console.warn(`delhivery: no pickup for ${location} on ${date}: ${outcome.message}`);
    return outcome;
  };
}

/**
 * The pickup id Delhivery answered, or why there is none. A pickup request the location already has
 * for that day (`pr_exist`) is Delhivery's "already done", whatever status it came with.
 */
function pickupOutcome(json: unknown, fallback: Failure | undefined): PickupResult {
  const parsed = pickupResponseSchema.safeParse(json);
  const answer = parsed.success ? parsed.data : undefined;
  if (answer?.pickup_id && answer.pr_exist) return { ok: true, pickupId: answer.pickup_id, duplicate: true };
  if (fallback) return fallback;
  if (answer?.pickup_id && answer.success !== false) return { ok: true, pickupId: answer.pickup_id, duplicate: false };
  const reason =
    [answer?.error?.message, answer?.data?.message, answer?.message].find((text) => text?.trim())?.trim() ??
    (parsed.success
      ? 'Delhivery answered no pickup id'
      : `unexpected response shape: ${z.prettifyError(parsed.error)}`);
  return failure(parsed.success ? 'REFUSED' : 'UNREACHABLE', reason);
}
