// @ts-check
// The probe's ground (scripts/security-probe.mjs runs the sections): the server probed, the secrets it
// signs with, the bounds, and `ask`: one request counted in its section, 5xx and connection errors as findings.
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '../..');
const flags = new Set(process.argv.slice(2).filter((arg) => arg.startsWith('--')));
export const BASE = new URL(process.argv.slice(2).find((arg) => !arg.startsWith('--')) ?? 'http://localhost:8940');

const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/;
if (!LOOPBACK.test(BASE.hostname)) {
  console.error(`probe:security places and cancels orders: it probes only a server on this machine, not ${BASE.host}.`);
  process.exit(2);
}

export const SECRETS = {
  staff: process.env.PROBE_STAFF_SECRET || undefined,
  razorpayWebhook: process.env.PROBE_RAZORPAY_WEBHOOK_SECRET || undefined,
  whatsapp: process.env.PROBE_WHATSAPP_APP_SECRET || undefined,
};
/** The development phone's app secret: public (netlify/lib/whatsapp/local-phone.ts), never to be taken as deployed. */
export const PUBLIC_WHATSAPP_SECRET = 'local-whatsapp-app-secret-for-development-only';

/** Bounds: requests in all and in the generic pass, one request's time, the whole run's time. */
export const LIMITS = { total: 3_600, generic: 3_000, requestMs: 20_000, runMs: 20 * 60_000, concurrency: 4 };
const deadline = Date.now() + LIMITS.runMs;
export let totalRequests = 0;
/** @type {string[]} Every request and its answer (PROBE_LOG). */
export const journal = [];

/** 503s that say a system is not configured here: by design (production without its settings). */
const CONFIGURATION_CODES = new Set(['NOT_CONFIGURED', 'WEBHOOK_NOT_CONFIGURED', 'PAYMENTS_UNAVAILABLE']);

/** The order the probe places: one White Rajma 500gm to Dehradun, as the end-to-end tests do. */
export const LINES = [{ productId: 1, size: '500gm', quantity: 1 }];
export const PINCODE = '248001';
/** An order id no order has (13 digits, a moment in 2001). */
export const NO_ORDER = 'OUO_1000000000000';
export const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

// ---------------------------------------------------------------------------------------------
// Sections, requests and findings

/**
 * @typedef {{ rule: string; count: number; example: string }} Finding
 * @typedef {{
 *   id: string;
 *   title: string;
 *   requests: number;
 *   statuses: Map<string, number>;
 *   unexpected5xx: number;
 *   byDesign5xx: number;
 *   findings: Map<string, Finding>;
 *   notes: string[];
 * }} Section
 * @typedef {{
 *   method?: string;
 *   path: string;
 *   headers?: Record<string, string>;
 *   json?: unknown;
 *   raw?: string | Uint8Array;
 *   stream?: () => ReadableStream<Uint8Array>;
 *   what?: string;
 * }} Ask
 * @typedef {{ status: number; text: string; json: any; headers: Headers | undefined; error: string | undefined; ms: number; request: string }} Answer
 */

/** @type {Section[]} */
export const sections = [];

/**
 * @param {string} id
 * @param {string} title
 * @returns {Section}
 */
export function section(id, title) {
  const created = {
    id,
    title,
    requests: 0,
    statuses: new Map(),
    unexpected5xx: 0,
    byDesign5xx: 0,
    findings: new Map(),
    notes: [],
  };
  sections.push(created);
  return created;
}

class BudgetSpent extends Error {}

/** What the probe learned about the server (setup): its context and systems, from staff's health answer. */
export const server = {
  /** @type {string | undefined} */
  context: undefined,
  production: flags.has('--production'),
  /** @type {Record<string, string> | undefined} */
  systems: undefined,
};

/**
 * @param {Answer} answer
 * @param {string} pathname
 */
function byDesign(answer, pathname) {
  if (answer.status !== 503) return false;
  const code = answer.json?.error?.code;
  if (typeof code === 'string' && CONFIGURATION_CODES.has(code)) return true;
  // Production on local stand-ins says so, to anyone (degraded) and to staff (what is missing; the
  // first answer the probe reads, which also tells it the context).
  if (pathname !== '/api/health') return false;
  if (code === 'LOCAL_STAND_IN_IN_PRODUCTION') return answer.json?.context === 'production';
  return server.production && answer.json?.status === 'degraded';
}

export const clip = (/** @type {string} */ text, max = 200) =>
  text.length > max ? `${text.slice(0, max)}… (${text.length} chars)` : text;

/**
 * @param {Section} where
 * @param {string} rule
 * @param {string} example
 */
export function finding(where, rule, example) {
  const known = where.findings.get(rule);
  if (known) known.count += 1;
  else where.findings.set(rule, { rule, count: 1, example });
}

/** The request and its answer in one line, for a finding's example. */
export const shown = (/** @type {Answer} */ answer) =>
  `${clip(answer.request, 160)} → ${answer.error ? `no answer (${answer.error})` : `${answer.status} ${clip(answer.text.replace(/\s+/g, ' '))}`}`;

/**
 * One request, counted in its section. A 5xx not answered by design and a connection error are
 * findings here, whatever the caller expects.
 * @param {Section} where
 * @param {Ask} request
 * @returns {Promise<Answer>}
 */
export async function ask(where, request) {
  if (totalRequests >= LIMITS.total || Date.now() > deadline) throw new BudgetSpent();
  totalRequests += 1;
  where.requests += 1;
  const hasBody = request.json !== undefined || request.raw !== undefined || request.stream !== undefined;
  const method = request.method ?? (hasBody ? 'POST' : 'GET');
  /** @type {Record<string, string>} */
  const headers = { ...request.headers };
  /** @type {string | Uint8Array | ReadableStream<Uint8Array> | undefined} */
  let body;
  if (request.json !== undefined) {
    body = JSON.stringify(request.json);
    headers['content-type'] ??= 'application/json';
  } else if (request.raw !== undefined) body = request.raw;
  else if (request.stream) body = request.stream();
  const url = new URL(request.path, BASE);
  const summary = `${method} ${request.path}${request.what ? ` (${request.what})` : ''}`;
  const started = performance.now();
  /** @type {Answer} */
  let answer;
  try {
    const response = await fetch(
      url,
      /** @type {RequestInit} */ ({
        method,
        headers,
        body,
        redirect: 'manual',
        signal: AbortSignal.timeout(LIMITS.requestMs),
        ...(request.stream ? { duplex: 'half' } : {}),
      }),
    );
    const text = await response.text();
    let json;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    answer = {
      status: response.status,
      text,
      json,
      headers: response.headers,
      error: undefined,
      ms: performance.now() - started,
      request: summary,
    };
  } catch (error) {
    const cause = /** @type {{ cause?: { code?: string; message?: string }; name?: string; message?: string }} */ (
      error
    );
    const reason = cause.cause?.code ?? cause.cause?.message ?? cause.name ?? String(error);
    answer = {
      status: 0,
      text: '',
      json: undefined,
      headers: undefined,
      error: reason,
      ms: performance.now() - started,
      request: summary,
    };
  }
  if (process.env.PROBE_LOG)
    journal.push(
      JSON.stringify({
        section: where.id,
        request: clip(summary, 300),
        status: answer.status,
        error: answer.error,
        ms: Math.round(answer.ms),
        answer: clip(answer.text, 300),
      }),
    );
  const bucket = answer.error ? 'no answer' : String(answer.status);
  where.statuses.set(bucket, (where.statuses.get(bucket) ?? 0) + 1);
  if (answer.error) finding(where, 'no answer (connection error)', shown(answer));
  else if (answer.status >= 500) {
    if (byDesign(answer, url.pathname)) where.byDesign5xx += 1;
    else {
      where.unexpected5xx += 1;
      finding(where, '5xx answer', shown(answer));
    }
  }
  return answer;
}

/**
 * Runs a section; a spent budget or a probe error stops it and says so (an error is a finding: a
 * section that could not finish has proved nothing).
 * @param {Section} where
 * @param {() => Promise<void>} body
 */
export async function run(where, body) {
  try {
    await body();
  } catch (error) {
    if (error instanceof BudgetSpent) where.notes.push('stopped: the request or time budget was spent');
    else finding(where, 'the probe could not finish this section', String(error));
  }
}
