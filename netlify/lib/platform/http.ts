/**
 * The one way functions read bodies and answer errors: `{ error: { code, message, issues? } }`,
 * the code always one of the shop's closed set (`ErrorCode`, src/shop/error-codes.ts; with src/shop/texts/server.ts's
 * words, the only things this folder takes from outside it, biome.json).
 */
import type { z } from 'zod';
import type { ErrorCode, ErrorEnvelope, ErrorIssue } from '#shop/error-codes.ts';
import { requestIssueText, text as shopText } from '#shop/texts/server.ts';

/** Largest request body any function accepts (bytes). */
export const MAX_BODY_BYTES = 16 * 1024;

export function errorResponse(status: number, code: ErrorCode, message: string, issues?: ErrorIssue[]): Response {
  const body: ErrorEnvelope = { error: { code, message, ...(issues ? { issues } : {}) } };
  return Response.json(body, { status });
}

/**
 * What a service answers: the body and its status, or a refusal with its code and the shopper's
 * message (and, for a 422, which fields). Services never build a Response; `serviceResponse` does.
 */
export type ServiceResult<T> = { ok: true; status: number; body: T } | ServiceFailure;
export interface ServiceFailure {
  ok: false;
  status: number;
  code: ErrorCode;
  message: string;
  issues?: ErrorIssue[];
}

export const fail = (status: number, code: ErrorCode, message: string, issues?: ErrorIssue[]): ServiceFailure => ({
  ok: false,
  status,
  code,
  message,
  ...(issues ? { issues } : {}),
});

export type ParsedBody<T> = { ok: true; data: T } | { ok: false; response: Response };

/**
 * `schema.safeParse`, with the shop's words for a field whose schema gives none (issue 37 §9): a
 * shopper never reads the library's "Too big: expected int to be <=9007199254740991".
 */
export function parseInShopWords<T extends z.ZodType>(schema: T, value: unknown) {
  return schema.safeParse(value, { error: (issue) => requestIssueText(issue.path) });
}

/**
 * Reads a JSON body of at most `maxBytes` and parses it with `schema`. Every failure becomes a
 * 4xx envelope; nothing here throws, so a hostile body can never crash a function. First of all,
 * before a byte is read, a post from another site or not sent as JSON is refused (`refusePost`):
 * every endpoint that takes a body takes it here, so none can forget.
 */
export async function parseJsonBody<T extends z.ZodType>(
  request: Request,
  schema: T,
  maxBytes = MAX_BODY_BYTES,
): Promise<ParsedBody<z.output<T>>> {
  const refused = refusePost(request);
  if (refused) return { ok: false, response: refused };
  const text = await readLimited(request, maxBytes);
  if (text === undefined) return { ok: false, response: tooLarge(maxBytes) };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, response: errorResponse(400, 'INVALID_JSON', 'The request body is not valid JSON.') };
  }
  const result = parseInShopWords(schema, json);
  if (result.success) return { ok: true, data: result.data };
  const issues = result.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
  return {
    ok: false,
    response: errorResponse(422, 'VALIDATION_FAILED', issues[0]?.message ?? shopText('request.invalid'), issues),
  };
}

/**
 * Only the shop's own pages may post (docs/shop-rules.md §7). A browser names the page that sent a
 * request in `Origin` and says how it relates to us in `Sec-Fetch-Site`; a form on another site
 * cannot set either, nor a `Content-Type` of `application/json` (that needs a CORS preflight,
 * which these functions never grant). So a request is refused (403 `CROSS_SITE`) when
 * `Sec-Fetch-Site` is `cross-site`, when `Origin` names any origin but ours (`null` included), or
 * when it is `same-site` without our `Origin`; and (415 `UNSUPPORTED_MEDIA_TYPE`) when its body is
 * not declared JSON. A request with neither header (curl, a server) is not a browser's and passes
 * on to the JSON rule. Undefined means: go on.
 */
export function refusePost(request: Request): Response | undefined {
  const site = request.headers.get('sec-fetch-site')?.trim().toLowerCase();
  const origin = request.headers.get('origin');
  const foreign =
    site === 'cross-site' ||
    (origin !== null && !ownOrigins(request).has(normaliseOrigin(origin))) ||
    (origin === null && site === 'same-site');
  if (foreign) {
    return errorResponse(403, 'CROSS_SITE', "This address only takes requests from the shop's own pages.");
  }
  const mediaType = (request.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase();
  if (mediaType !== 'application/json') {
    return errorResponse(
      415,
      'UNSUPPORTED_MEDIA_TYPE',
      'Send the request body as JSON (Content-Type: application/json).',
    );
  }
  return undefined;
}

/** `scheme://host[:port]` as a browser writes it; '' for what is not an origin (`null`). */
function normaliseOrigin(value: string): string {
  try {
    const url = new URL(value.trim());
    return url.origin === 'null' ? '' : url.origin;
  } catch {
    return '';
  }
}

/**
 * The origins this request was addressed to: its URL's, and the host a proxy or Netlify's edge
 * says the browser asked for (`X-Forwarded-Host`, `Host`) with the URL's or the forwarded scheme.
 * A page elsewhere cannot set these for a browser's request, so each is one of ours.
 */
function ownOrigins(request: Request): Set<string> {
  const url = new URL(request.url);
  const first = (name: string) => request.headers.get(name)?.split(',')[0]?.trim() || undefined;
  const schemes = [url.protocol, ...[first('x-forwarded-proto')].filter(Boolean).map((scheme) => `${scheme}:`)];
  const hosts = [url.host, first('x-forwarded-host'), first('host')].filter((host): host is string => !!host);
  const origins = new Set([url.origin]);
  for (const scheme of schemes) {
    for (const host of hosts) {
      const origin = normaliseOrigin(`${scheme}//${host}`);
      if (origin) origins.add(origin);
    }
  }
  return origins;
}

function tooLarge(maxBytes: number): Response {
  return errorResponse(413, 'BODY_TOO_LARGE', `The request body is larger than ${maxBytes / 1024} KB.`);
}

/**
 * How much of a body too large to take is still read, and for how long, before its 413 is sent.
 * A server that answers before the upload is read leaves the rest in the connection: Node's
 * server then cuts it, and a client still sending (or sending its next request on it, as `fetch`
 * and browsers do) sees a reset instead of the 413 (issue 46 §C). So the rest is read and thrown
 * away. 6 MB is Netlify's own limit for a function's request ("buffered request payload",
 * docs.netlify.com/build/functions/configuration), so a deployed function never sees more; past
 * it (only the local servers can get there), or from a client too slow to finish in 5 s, the
 * connection is cut: reading on would hand a flood our time.
 */
export const DRAIN_BOUND = { bytes: 6 * 1024 * 1024, ms: 5_000 } as const;

/**
 * The body as text, or undefined when it is larger than `maxBytes` (declared so, or grown past it:
 * a missing Content-Length is no excuse). Nothing past `maxBytes` is kept; the rest is read to its
 * end within `DRAIN_BOUND`, so the 413 reaches the client.
 */
export async function readLimited(request: Request, maxBytes: number): Promise<string | undefined> {
  if (!request.body) return '';
  const reader = request.body.getReader();
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > maxBytes) {
    // Declared past the bound: nothing to gain by reading what would be cut anyway.
    await (declared > DRAIN_BOUND.bytes ? reader.cancel().catch(() => undefined) : drain(reader, 0));
    return undefined;
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await drain(reader, size);
      return undefined;
    }
    chunks.push(value);
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}

/** Reads and drops the rest of a body, `seen` bytes of it known already; cut past `DRAIN_BOUND`. */
async function drain(reader: ReadableStreamDefaultReader<Uint8Array>, seen: number): Promise<void> {
  let size = seen;
  // A cancel ends a read that is waiting: `done`, and the loop below stops.
  const timer = setTimeout(() => void reader.cancel().catch(() => undefined), DRAIN_BOUND.ms);
  try {
    while (size <= DRAIN_BOUND.bytes) {
      const { done, value } = await reader.read();
      if (done) return;
      size += value.byteLength;
    }
    await reader.cancel();
  } catch {
    // A body whose client went away is drained as far as it goes: the 413 is answered all the same.
  } finally {
    clearTimeout(timer);
  }
}

export function methodNotAllowed(allowed: string[]): Response {
  const response = errorResponse(405, 'METHOD_NOT_ALLOWED', `Use ${allowed.join(' or ')} for this address.`);
  response.headers.set('Allow', allowed.join(', '));
  return response;
}

/** A service's answer as a response: the body on success, the error envelope otherwise. */
export function serviceResponse<T>(result: ServiceResult<T>): Response {
  return result.ok
    ? Response.json(result.body, { status: result.status })
    : errorResponse(result.status, result.code, result.message, result.issues);
}

/** A function answer's content security policy: opened as a page, it loads and runs nothing. */
export const API_POLICY = "default-src 'none'; frame-ancestors 'none'";

/**
 * Every function answer, success or error: `nosniff` (a browser never reads it as anything but
 * its declared type) and `no-store` (no browser or CDN keeps an order, a payment or a review
 * answer; the review feed is cached on the server instead, docs/shop-rules.md §9). Netlify applies
 * the pages' headers (build/client/_headers) to files only, never to a function's answer, so the
 * answers carry their own: opened as a page, one loads nothing, runs nothing, cannot be framed
 * and sends no referrer.
 */
export function withApiHeaders(response: Response, policy: string = API_POLICY): Response {
  const headers = new Headers(response.headers);
  headers.set('X-Content-Type-Options', 'nosniff');
  headers.set('Cache-Control', 'no-store');
  headers.set('Content-Security-Policy', policy);
  headers.set('X-Frame-Options', 'DENY');
  headers.set('Referrer-Policy', 'no-referrer');
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

/**
 * A function's handler with `withApiHeaders` on every answer it gives: each function's default
 * export is wrapped in it, so no answer (a 405, a 413, a service's error) can leave without them.
 * `policy` replaces the content security policy for a function that answers a page of its own (the
 * label: `default-src 'none'` plus its one style block); it must keep `frame-ancestors 'none'`.
 */
export function endpoint<A extends unknown[]>(
  handler: (...args: A) => Promise<Response>,
  policy: string = API_POLICY,
): (...args: A) => Promise<Response> {
  if (!policy.startsWith("default-src 'none';") || !policy.includes("frame-ancestors 'none'")) {
    throw new Error(`An endpoint's policy starts from default-src 'none' and keeps frame-ancestors 'none': ${policy}`);
  }
  return async (...args) => withApiHeaders(await handler(...args), policy);
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
 * the envelope, never a stack. An expected failure (payments switched off here, a system down) is
 * a service's result, not a throw.
 */
export async function guarded(failing: Failing, run: () => Promise<Response>): Promise<Response> {
  try {
    return await run();
  } catch (error) {
    console.error(`${failing.name}: unexpected failure`, error);
    return errorResponse(500, 'INTERNAL_ERROR', failing.message);
  }
}
