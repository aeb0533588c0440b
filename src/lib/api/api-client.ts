/**
 * The one way the browser calls our own functions under /api. Every answer is parsed with a zod
 * schema, never cast. The schemas (and zod with them) are imported when a call is made, never when
 * this module loads: the pages that only might send something keep zod out of their first load.
 */
import type { z } from 'zod';
import type { ErrorCode } from '../../shop/error-codes.ts';

export type Schemas = typeof import('../../shop/schemas/index.ts');

/** The shared schemas, loaded on first use (one chunk, fetched once, shared with the checkout). */
export const loadSchemas = (): Promise<Schemas> => import('../../shop/schemas/index.ts');

export type ApiResult<T> =
  | { ok: true; data: T }
  /** The server answered and refused (4xx with our error envelope): its message is meant for the shopper. */
  | { ok: false; kind: 'refused'; status: number; code: ErrorCode; message: string }
  /**
   * No usable answer: network down, timeout, 5xx, or a body we cannot read. A 5xx that still
   * carries our envelope keeps its `code` and the server's words (`serverMessage`), e.g. 503
   * PAYMENTS_UNAVAILABLE, which tells the shopper to choose Cash on Delivery.
   */
  | { ok: false; kind: 'unreachable'; message: string; code?: ErrorCode; serverMessage?: string };

export interface ApiCall<S extends z.ZodType> {
  /** Sent as JSON with a POST; without a body the call is a GET. */
  body?: unknown;
  /** Picks the schema of a successful answer from the shared schemas. */
  response: (schemas: Schemas) => S;
  timeoutMs?: number;
}

export async function callApi<S extends z.ZodType>(
  path: string,
  { body, response: pickSchema, timeoutMs = 20_000 }: ApiCall<S>,
): Promise<ApiResult<z.output<S>>> {
  let schemas: Schemas;
  let response: Response;
  try {
    schemas = await loadSchemas();
    response = await fetch(path, {
      method: body === undefined ? 'GET' : 'POST',
      headers:
        body === undefined
          ? { Accept: 'application/json' }
          : { Accept: 'application/json', 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    return { ok: false, kind: 'unreachable', message: error instanceof Error ? error.message : String(error) };
  }
  const json: unknown = await response.json().catch(() => undefined);
  if (response.ok) {
    const parsed = pickSchema(schemas).safeParse(json);
    return parsed.success
      ? { ok: true, data: parsed.data }
      : { ok: false, kind: 'unreachable', message: `Unexpected answer from ${path}` };
  }
  const envelope = schemas.errorEnvelopeSchema.safeParse(json);
  if (response.status < 500 && envelope.success) {
    const { code, message } = envelope.data.error;
    return { ok: false, kind: 'refused', status: response.status, code, message };
  }
  const said = envelope.success ? { code: envelope.data.error.code, serverMessage: envelope.data.error.message } : {};
  return { ok: false, kind: 'unreachable', message: `${path} answered ${response.status}`, ...said };
}
