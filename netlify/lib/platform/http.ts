/** The one way functions read bodies and answer errors: `{ error: { code, message, issues? } }`. */
import type { z } from 'zod';
import { type ErrorEnvelope, MAX_BODY_BYTES } from '../../../src/shop/schemas.ts';
import { PaymentsNotConfiguredError } from '../razorpay/gateway.ts';

export function errorResponse(
  status: number,
  code: string,
  message: string,
  issues?: ErrorEnvelope['error']['issues'],
): Response {
  const body: ErrorEnvelope = { error: { code, message, ...(issues ? { issues } : {}) } };
  return Response.json(body, { status });
}

export type ParsedBody<T> = { ok: true; data: T } | { ok: false; response: Response };

/**
 * Reads a JSON body of at most `maxBytes` and parses it with `schema`. Every failure becomes a
 * 4xx envelope; nothing here throws, so a hostile body can never crash a function.
 */
export async function parseJsonBody<T extends z.ZodType>(
  request: Request,
  schema: T,
  maxBytes = MAX_BODY_BYTES,
): Promise<ParsedBody<z.output<T>>> {
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > maxBytes) return { ok: false, response: tooLarge(maxBytes) };
  const text = await readLimited(request, maxBytes);
  if (text === undefined) return { ok: false, response: tooLarge(maxBytes) };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, response: errorResponse(400, 'INVALID_JSON', 'The request body is not valid JSON.') };
  }
  const result = schema.safeParse(json);
  if (result.success) return { ok: true, data: result.data };
  const issues = result.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
  return {
    ok: false,
    response: errorResponse(422, 'VALIDATION_FAILED', issues[0]?.message ?? 'The request is not valid.', issues),
  };
}

function tooLarge(maxBytes: number): Response {
  return errorResponse(413, 'BODY_TOO_LARGE', `The request body is larger than ${maxBytes / 1024} KB.`);
}

/** The body as text, or undefined once it grows past `maxBytes` (a missing Content-Length is no excuse). */
export async function readLimited(request: Request, maxBytes: number): Promise<string | undefined> {
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      return undefined;
    }
    chunks.push(value);
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}

export function methodNotAllowed(allowed: string[]): Response {
  const response = errorResponse(405, 'METHOD_NOT_ALLOWED', `Use ${allowed.join(' or ')} for this address.`);
  response.headers.set('Allow', allowed.join(', '));
  return response;
}

/** A service's answer as a response: the body on success, the error envelope otherwise. */
export function serviceResponse<T>(
  result: { ok: true; status: number; body: T } | { ok: false; status: number; code: string; message: string },
): Response {
  return result.ok
    ? Response.json(result.body, { status: result.status })
    : errorResponse(result.status, result.code, result.message);
}

/** What an endpoint tells the shopper when it fails in a way nobody foresaw. */
export interface Failing {
  /** Names the endpoint in the log. */
  name: string;
  /** The endpoint's own words: a reviews failure never mentions an order. */
  message: string;
}

/**
 * Runs a handler; an unexpected failure is logged and answered with the endpoint's own message in
 * the envelope, never a stack. Online payment switched off here is a 503 that names the way out.
 */
export async function guarded(failing: Failing, run: () => Promise<Response>): Promise<Response> {
  try {
    return await run();
  } catch (error) {
    console.error(`${failing.name}: unexpected failure`, error);
    if (error instanceof PaymentsNotConfiguredError) {
      return errorResponse(
        503,
        'PAYMENTS_UNAVAILABLE',
        'Online payment is not available right now. Please choose Cash on Delivery.',
      );
    }
    return errorResponse(500, 'INTERNAL_ERROR', failing.message);
  }
}
