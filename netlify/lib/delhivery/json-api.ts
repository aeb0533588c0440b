/**
 * One call to Delhivery's JSON API (rates, pincodes, shipments, pickups): the token, the address,
 * a timeout, and the answer parsed with a schema — or the reason there is none, as a code the
 * caller decides on. Never throws. Tracking, labels and cancellations read their own answers
 * (`tracking.ts`, `packing-slip.ts`, `cancel.ts`).
 */
import { z } from 'zod';

/** Delhivery's parsed JSON, or the reason it could not be had; `body` is what a refusal said. */
export type ApiAnswer<T> =
  | { ok: true; data: T }
  | { ok: false; code: 'UNREACHABLE' | 'REFUSED'; reason: string; body?: unknown };

/** Where Delhivery is and the token it wants: every Delhivery call's first argument (this one's, tracking's, labels', cancellations'). */
export interface DelhiveryTarget {
  token: string;
  baseUrl: string;
  fetchImpl: typeof fetch;
}

export interface DelhiveryApi {
  url(path: string, query?: Record<string, string>): URL;
  /** The token, and JSON asked for; a call that sends a body adds its content type. */
  headers: Record<string, string>;
  call<T extends z.ZodType>(
    target: URL,
    init: RequestInit,
    schema: T,
    timeoutMs: number,
  ): Promise<ApiAnswer<z.output<T>>>;
}

export function delhiveryApi(options: DelhiveryTarget): DelhiveryApi {
  const { token, baseUrl, fetchImpl } = options;
  return {
    url(path, query) {
      const target = new URL(path, baseUrl);
      for (const [name, value] of Object.entries(query ?? {})) target.searchParams.set(name, value);
      return target;
    },
    headers: { Authorization: `Token ${token}`, Accept: 'application/json' },
    async call(target, init, schema, timeoutMs) {
      let response: Response;
      let body: string;
      try {
        response = await fetchImpl(target, { ...init, signal: AbortSignal.timeout(timeoutMs) });
        body = await response.text();
      } catch (error) {
        const timedOut = error instanceof Error && error.name === 'TimeoutError';
        return {
          ok: false,
          code: 'UNREACHABLE',
          reason: timedOut ? `no answer within ${timeoutMs} ms` : `network error (${describe(error)})`,
        };
      }
      const json = parseJson(body);
      if (!response.ok) {
        // A 4xx is Delhivery saying no (a refused token, a bad field); anything else may pass.
        const code = response.status >= 400 && response.status < 500 ? 'REFUSED' : 'UNREACHABLE';
        return { ok: false, code, reason: `HTTP ${response.status}${remark(json)}`, body: json };
      }
      if (json === undefined) return { ok: false, code: 'UNREACHABLE', reason: 'response is not JSON' };
      const parsed = schema.safeParse(json);
      if (!parsed.success) {
        return {
          ok: false,
          code: 'UNREACHABLE',
          reason: `unexpected response shape: ${z.prettifyError(parsed.error)}`,
        };
      }
      return { ok: true, data: parsed.data };
    },
  };
}

/**
 * Delhivery's error bodies say why, under a key of the case's own: `rmk`, `error`, `detail`, or the
 * account's (a low wallet: `{"prepaid": "Client wallet balance is …"}`, issue 47). The reason keeps
 * those words: staff are told what to do (top up the wallet), never only "HTTP 400".
 */
function remark(json: unknown): string {
  if (typeof json !== 'object' || json === null) return '';
  const record = json as Record<string, unknown>;
  const known = [record.rmk, record.error, record.detail].find((value) => typeof value === 'string' && value.trim());
  const words =
    typeof known === 'string'
      ? known
      : Object.values(record)
          .filter((value): value is string => typeof value === 'string' && value.trim() !== '')
          .join('; ');
  return words.trim() ? ` (${words.trim().slice(0, 200)})` : '';
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
