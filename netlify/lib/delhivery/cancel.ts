/**
 * Cancelling a booked shipment with Delhivery: `POST /api/p/edit`, JSON
 * `{ "waybill": "<awb>", "cancellation": "true" }` (the string "true"), header
 * `Authorization: Token …` (FACTS, "After the booking"; Delhivery's B2C API, "Cancel Order").
 *
 * Where the answer shapes come from (Delhivery's own documentation could not be read here, no web):
 * - Requests and answers captured against Delhivery's production API by an open-source integration
 *   (a reference file of live request/answer pairs, August 2026): the answer is XML even to a JSON
 *   request, `<?xml …?><root><status>True</status><waybill>…</waybill><order_id>…</order_id>
 *   <remark>Shipment has been cancelled.</remark></root>`, HTTP 200; a second cancellation of the
 *   same waybill gets the identical answer (Delhivery does not say "already cancelled").
 * - Other integrations read a JSON answer `{ status: true|false|"True"|"Success"|"Failure",
 *   waybill, remark | error | rmk }` on some accounts, `status` false with the reason for a refusal.
 * - Delhivery's documentation as quoted by integrations: cancellable only while the package is
 *   Manifested, (In Transit,) Pending, Open or Scheduled; the shop cancels only before pickup
 *   (FACTS), and a refusal whose words say the parcel has moved is reported as `tooLate`.
 * Delhivery's exact words for a refusal after pickup were in none of them, so they are recognised
 * by what they say (picked up, in transit, dispatched, delivered, "cannot be cancelled").
 *
 * The local carrier's own cancellation is in `local.ts`.
 */
import { z } from 'zod';
import type { Failure } from '../platform/outcome.ts';
import type { DelhiveryTarget } from './json-api.ts';
import type { TrackQuery } from './tracking.ts';

/** A shopper waits on this (the order page's "Cancel order"), so a slow carrier must not hold it long. */
export const CANCEL_TIMEOUT_MS = 8_000;

/**
 * The parcel to cancel: its waybill, and when it was booked (the local carrier's simulated pickup
 * is counted from it; Delhivery needs only the waybill). The same shape the trackers are asked with.
 */
export type CancelQuery = TrackQuery;

/**
 * What a cancellation came to.
 * - `{ ok: true, alreadyCancelled }`: the booking is cancelled. `alreadyCancelled` when the carrier
 *   said it already was (a retry after a lost answer counts as done). Delhivery answers a repeat
 *   exactly as the first time, so from Delhivery it is false unless its words say "already".
 * - `REFUSED` with `tooLate: true`: the parcel has already moved (picked up or later); the order
 *   goes on. The message is the carrier's own words.
 * - any other failure has `tooLate: false`: `REFUSED` (the carrier said no for another reason: an
 *   unknown waybill, a refused token), `UNREACHABLE` (network, timeout, 5xx, an answer that cannot
 *   be read: worth a retry), `NOT_CONFIGURED` (production without `DELHIVERY_TOKEN`).
 */
export type CancelShipmentResult =
  | { ok: true; alreadyCancelled: boolean }
  | { ok: false; code: 'REFUSED'; message: string; tooLate: true }
  | (Failure & { tooLate: false });

export const cancelFailure = (code: Failure['code'], message: string): CancelShipmentResult => ({
  ok: false,
  code,
  message,
  tooLate: false,
});
export const tooLate = (message: string): CancelShipmentResult => ({
  ok: false,
  code: 'REFUSED',
  message,
  tooLate: true,
});

/** Delhivery's words for "already cancelled", should it ever say so. */
const ALREADY_CANCELLED = /\balready\s+(?:been\s+)?cancell?ed\b/i;
/** Words that name a waybill Delhivery does not have: a refusal, never "too late". */
const UNKNOWN_WAYBILL =
  /not\s+found|does\s*n[o']t\s+exists?|no\s+(?:such|data)|invalid\s+(?:waybill|awb)|unknown\s+(?:waybill|awb)/i;
/** Words that say the parcel has moved past the point where it can be cancelled. */
const MOVED =
  /picked[\s-]?up|in[\s-]?transit|dispatched|out\s+for\s+delivery|delivered|\brto\b|returned|(?:cannot|can\s?not|can't|could\s+not)\s+be\s+cancell?ed|not\s+cancell?able/i;

/** A status as Delhivery writes it: a boolean, or "True"/"False", "Success"/"Failure". */
const statusSchema = z.union([
  z.boolean(),
  z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.enum(['true', 'false', 'success', 'failure', 'fail']))
    .transform((word) => word === 'true' || word === 'success'),
]);
const text = z.union([z.string(), z.number().transform(String)]).nullish();
const jsonAnswerSchema = z.object({
  status: statusSchema.nullish(),
  success: statusSchema.nullish(),
  waybill: text,
  remark: text,
  remarks: z.union([z.string(), z.array(z.string())]).nullish(),
  error: text,
  rmk: text,
  message: text,
  detail: text,
});

/** The answer, in our words, whichever format it came in. */
interface CancelAnswer {
  /** True cancelled, false refused, undefined when the answer does not say. */
  status: boolean | undefined;
  waybill: string | undefined;
  /** Delhivery's reason or remark, when it gave one. */
  words: string | undefined;
}

/** Delhivery's answer to `POST /api/p/edit`, XML or JSON; undefined when it is neither. */
export function readCancelAnswer(body: string): CancelAnswer | undefined {
  const trimmed = body.trim();
  if (trimmed.startsWith('<')) return readXml(trimmed);
  let json: unknown;
  try {
    json = JSON.parse(trimmed);
  } catch {
    return undefined;
  }
  const parsed = jsonAnswerSchema.safeParse(json);
  if (!parsed.success) return undefined;
  const answer = parsed.data;
  const remarks = Array.isArray(answer.remarks) ? answer.remarks.join('; ') : answer.remarks;
  return {
    status: answer.status ?? answer.success ?? undefined,
    waybill: answer.waybill ?? undefined,
    words: firstWords(answer.remark, remarks, answer.error, answer.rmk, answer.message, answer.detail),
  };
}

/** A flat XML answer (`<root><status>True</status>…</root>`): only the elements we read. */
function readXml(xml: string): CancelAnswer | undefined {
  const element = (name: string) => {
    const match = new RegExp(`<${name}\\b[^>]*>\\s*(?:<!\\[CDATA\\[)?([^<]*?)(?:\\]\\]>)?\\s*</${name}>`, 'i').exec(
      xml,
    );
    return match ? decodeEntities(match[1] ?? '').trim() : undefined;
  };
  const statusText = element('status');
  const status = statusText === undefined ? undefined : statusSchema.safeParse(statusText);
  if (status && !status.success) return undefined;
  const answer = {
    status: status?.data,
    waybill: element('waybill'),
    words: firstWords(element('remark'), element('remarks'), element('error'), element('rmk')),
  };
  return answer.status === undefined && answer.words === undefined && answer.waybill === undefined ? undefined : answer;
}

function decodeEntities(value: string): string {
  const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
  return value.replace(/&(#\d+|#x[\da-f]+|amp|lt|gt|quot|apos);/gi, (entity, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X')) return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(Number.parseInt(name.slice(1), 10));
    return named[name.toLowerCase()] ?? entity;
  });
}

function firstWords(...candidates: (string | null | undefined)[]): string | undefined {
  return candidates
    .find((candidate) => candidate?.trim())
    ?.trim()
    .slice(0, 300);
}

/**
 * A refusal in Delhivery's words: "already cancelled" is done, an unknown waybill is refused, a
 * parcel that has moved is too late, anything else is refused as it is.
 */
export function refusal(words: string): CancelShipmentResult {
  if (ALREADY_CANCELLED.test(words)) return { ok: true, alreadyCancelled: true };
  if (!UNKNOWN_WAYBILL.test(words) && MOVED.test(words)) return tooLate(words);
  return cancelFailure('REFUSED', words);
}

export function delhiveryCancellation(
  options: DelhiveryTarget & { timeoutMs?: number },
): (query: CancelQuery) => Promise<CancelShipmentResult> {
  const timeoutMs = options.timeoutMs ?? CANCEL_TIMEOUT_MS;
  return async ({ waybill }) => {
    const outcome = await cancelOnce(options, waybill, timeoutMs);
    if (!outcome.ok) console.warn(`delhivery: ${waybill} not cancelled: ${outcome.message}`);
    return outcome;
  };
}

async function cancelOnce(options: DelhiveryTarget, waybill: string, timeoutMs: number): Promise<CancelShipmentResult> {
  let response: Response;
  let body: string;
  try {
    response = await options.fetchImpl(new URL('/api/p/edit', options.baseUrl), {
      method: 'POST',
      headers: {
        Authorization: `Token ${options.token}`,
        'Content-Type': 'application/json',
        Accept: 'application/json, application/xml;q=0.9',
      },
      body: JSON.stringify({ waybill, cancellation: 'true' }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    body = await response.text();
  } catch (error) {
    const timedOut = error instanceof Error && error.name === 'TimeoutError';
    return cancelFailure('UNREACHABLE', timedOut ? `no answer within ${timeoutMs} ms` : 'network error');
  }
  const answer = readCancelAnswer(body);
  if (!response.ok) {
    const words = answer?.words ? ` (${answer.words})` : '';
    // 5xx and 429 ("too many requests") may pass; any other 4xx is Delhivery saying no.
    if (response.status >= 500 || response.status === 429) {
      return cancelFailure('UNREACHABLE', `HTTP ${response.status}${words}`);
    }
    if (response.status === 401 || response.status === 403) {
      return cancelFailure('REFUSED', `HTTP ${response.status}${words}`);
    }
    return refusal(answer?.words ?? `HTTP ${response.status}`);
  }
  if (!answer) return cancelFailure('UNREACHABLE', 'the answer is neither XML nor JSON Delhivery would send');
  if (answer.waybill && answer.waybill !== waybill) {
    return cancelFailure('UNREACHABLE', `the answer is about another waybill (${answer.waybill})`);
  }
  if (answer.status === true) return { ok: true, alreadyCancelled: ALREADY_CANCELLED.test(answer.words ?? '') };
  if (answer.status === false) return refusal(answer.words ?? 'Delhivery refused the cancellation without a reason');
  return cancelFailure('UNREACHABLE', `the answer has no status${answer.words ? ` (${answer.words})` : ''}`);
}
