// @ts-check
// Section G of the security probe: a bounded generic pass over every function route of
// netlify/functions/*.mts (wrong methods, empty and invalid bodies, huge and odd strings, odd ids).
import { randomBytes, randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { ask, finding, LIMITS, LINES, NO_ORDER, PINCODE, root, run, SECRETS, section, shown } from './probe.mjs';
import { customer, freshOrderId, hmac, razorpayEvent, signedJson, whatsappStatus } from './requests.mjs';

/**
 * @typedef {import('./probe.mjs').Ask} Ask
 * @typedef {import('./probe.mjs').Section} Section
 * @typedef {import('./probe.mjs').Answer} Answer
 */
// ---------------------------------------------------------------------------------------------
// The generic pass's material

/** @typedef {{ name: string; path: string; allowed: string[] }} Route */

/**
 * Every function's `config.path` (and the methods its `methodNotAllowed` names), read from
 * netlify/functions/*.mts as Netlify routes them; scheduled functions have none (section 1).
 * @returns {Promise<Route[]>}
 */
async function functionRoutes() {
  const folder = path.join(root, 'netlify/functions');
  /** @type {Route[]} */
  const routes = [];
  for (const file of (await readdir(folder)).filter((name) => name.endsWith('.mts')).sort()) {
    const source = await readFile(path.join(folder, file), 'utf8');
    const config = source.slice(source.lastIndexOf('export const config'));
    const value = /path:\s*(\[[^\]]*\]|'[^']*')/.exec(config)?.[1];
    if (!value) continue;
    const allowedList = /methodNotAllowed\(\[([^\]]*)\]\)/.exec(source)?.[1] ?? '';
    const allowed = [...allowedList.matchAll(/'([A-Z]+)'/g)].map((match) => String(match[1]));
    for (const match of value.matchAll(/'([^']+)'/g))
      routes.push({ name: file.replace(/\.mts$/, ''), path: String(match[1]), allowed });
  }
  return routes;
}

/** @type {Record<string, string>} A believable value for each path parameter. */
const PARAMS = { orderId: 'OUO_1764057000000', pin: PINCODE };

const ODD_IDS = [
  '..%2F..%2F..%2Fetc%2Fpasswd',
  '%2e%2e%2f%2e%2e%2fnetlify.toml',
  'OUO_1764057000000%2F..%2F..%2Fx',
  '....%2F%2F',
  '%252e%252e%252f',
  'OUO_0000000000000',
  'OUO_99999999999999',
  `OUO_${'1'.repeat(300)}`,
  'ouo_1764057000000',
  '%00',
  'OUO_1764057000000%00',
  '%ED%A0%80',
  '%EF%BF%BF',
  '%FF%FE',
  '%F0%9F%8C%BE',
  '%E2%80%AE1764057000000_OUO',
  '%3Cscript%3Eprobe%3C%2Fscript%3E',
  'a;b=c',
  '%20',
  '%',
  '%E0%A4%A',
];

const ODD_QUERIES = [
  '?key=%00',
  `?key=${'a'.repeat(6000)}`,
  '?key=a&key=b&key[]=c',
  '?key=..%2F..%2Fetc%2Fpasswd',
  '?key=%ED%A0%80&phone=%EF%BF%BF',
  '?exp=-1&sig=zz',
  `?exp=${'9'.repeat(400)}&sig=${'0'.repeat(64)}`,
  '?hub.mode=subscribe&hub.verify_token=%00&hub.challenge=%3Cscript%3Eprobe',
  '?%=%&&=&',
];

const UNKNOWN_PATHS = [
  '/api/',
  '/api/nope',
  '/api/orders',
  '/api/orders/OUO_1764057000000/cancel/more',
  '/api/%',
  '/api/%E0%A4%A',
  '/api/..%2F..%2Fnetlify.toml',
  '/.netlify/functions/health',
  '/.netlify/functions/process-cod',
  '/%',
  '/%E0%A4%A',
  '/%2e%2e%2fnetlify.toml',
];

/** The development tools: 404 before any body is read (section 1), so their fields are not varied. */
const DEV_ROUTES = new Set(['/api/dev/staff', '/api/dev/whatsapp', '/api/local-gateway/pay', '/api/content-published']);

/** @type {Record<string, () => Record<string, unknown>>} A believable body per route, that records nothing. */
const BASE_BODIES = {
  // The honeypot filled: accepted and dropped, so nothing is written.
  '/api/contact': () => ({
    name: 'Probe',
    email: 'probe@example.in',
    phone: '9876543210',
    subject: 'Probe',
    message: 'A probe message',
    website: 'bot',
    submissionId: randomUUID(),
  }),
  '/api/reviews': () => ({
    name: 'Probe',
    email: 'probe@example.in',
    rating: 5,
    review: 'A probe review',
    location: 'Dehradun',
    productId: 1,
    website: 'bot',
    submissionId: randomUUID(),
  }),
  '/api/delhivery/calculate-shipping': () => ({ lines: structuredClone(LINES), pincode: PINCODE, paymentMode: 'cod' }),
  '/api/checkout/cod-options': () => ({
    lines: structuredClone(LINES),
    delivery: {
      phone: '9876543210',
      address1: '12 Mall Road',
      address2: 'Near the clock tower',
      city: 'Dehradun',
      state: 'Uttarakhand',
      pincode: PINCODE,
    },
  }),
  // A total of ₹1: refused 409 before anything is recorded.
  '/api/checkout/process-cod': () => ({
    orderId: freshOrderId(),
    customer: customer('9876543210'),
    lines: structuredClone(LINES),
    clientTotal: 1,
    paymentMode: 'cod',
  }),
  '/api/razorpay/create-order': () => ({
    orderId: freshOrderId(),
    customer: customer('9876543210'),
    lines: structuredClone(LINES),
    clientTotal: 1,
  }),
  '/api/razorpay/verify-payment': () => ({
    razorpay_order_id: 'order_probe1',
    razorpay_payment_id: 'pay_probe1',
    razorpay_signature: '0'.repeat(64),
  }),
  '/api/checkout/process-prepaid': () => ({
    orderId: NO_ORDER,
    razorpay_order_id: 'order_probe1',
    razorpay_payment_id: 'pay_probe1',
    razorpay_signature: '0'.repeat(64),
  }),
  '/api/track': () => ({ orderId: NO_ORDER, phone: '9876543210' }),
  '/api/orders/:orderId/cancel': () => ({ key: '0'.repeat(32), reason: 'other' }),
  '/api/staff/action': () => ({
    id: randomUUID(),
    orderId: NO_ORDER,
    action: 'cod-received',
    at: new Date().toISOString(),
  }),
  '/api/whatsapp/webhook': () => whatsappStatus(),
  '/api/razorpay/webhook': () => razorpayEvent({ event: 'payment.failed' }),
  '/api/dev/staff': () => ({ orderId: NO_ORDER, action: 'cod-received' }),
  '/api/dev/whatsapp': () => ({ kind: 'write', phone: '9876543210', text: 'hello' }),
  '/api/local-gateway/pay': () => ({ razorpay_order_id: 'order_probe1', outcome: 'failure' }),
  '/api/content-published': () => ({ _id: 'probe', _type: 'product' }),
};

/** @type {Record<string, string[]>} Where a long body's fields are varied (the rest is Meta's or Razorpay's envelope). */
const FOCUS = {
  '/api/whatsapp/webhook': ['object', 'entry.0.changes.0.field', 'entry.0.changes.0.value.statuses.0'],
  '/api/razorpay/webhook': ['event', 'payload.payment.entity'],
};

/**
 * A single-use id and a submission id made fresh for each request, unless the request is about it.
 * @param {unknown} body
 * @param {string} label
 */
function freshen(body, label) {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return body;
  const copy = /** @type {Record<string, unknown>} */ (body);
  if ('submissionId' in copy && !label.startsWith('submissionId=')) copy.submissionId = randomUUID();
  if (
    'orderId' in copy &&
    typeof copy.orderId === 'string' &&
    copy.orderId !== NO_ORDER &&
    !label.startsWith('orderId=')
  )
    copy.orderId = freshOrderId();
  return copy;
}

/** @type {Record<string, { ready: () => boolean; sign: (body: unknown, label: string) => { raw: string; headers: Record<string, string> } }>} */
const SIGNERS = {
  '/api/staff/action': {
    ready: () => Boolean(SECRETS.staff),
    sign: (body, label) => {
      const copy = /** @type {Record<string, unknown>} */ (body);
      if (copy && typeof copy === 'object' && !Array.isArray(copy)) {
        if (!label.startsWith('id=')) copy.id = randomUUID();
        if (!label.startsWith('at=')) copy.at = new Date().toISOString();
      }
      return signedJson(body, (raw) => ({ 'x-shop-signature': `sha256=${hmac(SECRETS.staff ?? '', raw)}` }));
    },
  },
  '/api/whatsapp/webhook': {
    ready: () => Boolean(SECRETS.whatsapp),
    sign: (body) =>
      signedJson(body, (raw) => ({ 'x-hub-signature-256': `sha256=${hmac(SECRETS.whatsapp ?? '', raw)}` })),
  },
  '/api/razorpay/webhook': {
    ready: () => Boolean(SECRETS.razorpayWebhook),
    sign: (body) =>
      signedJson(body, (raw) => ({
        'x-razorpay-signature': hmac(SECRETS.razorpayWebhook ?? '', raw),
        'x-razorpay-event-id': `evt_probe${randomBytes(6).toString('hex')}`,
      })),
  },
};

/** @type {[string, unknown][]} */
const STRING_ODDITIES = [
  ['empty', ''],
  ['NUL', '\u0000'],
  ['lone surrogate', '\ud800'],
  ['noncharacter', '\uffff'],
  ['bidi override', '\u202eevil'],
  ['zero-width only', '\u200b\u200b'],
  ['path traversal', '../../../../etc/passwd'],
  ['encoded traversal', '..%2F..%2F..%2F'],
  ['formula', '=HYPERLINK("https://evil.example","x")'],
  ['markup', '<img src=x onerror=alert(1)>'],
  ['12,000 characters', 'a'.repeat(12_000)],
  ['2,000 emoji', '🌾'.repeat(2_000)],
  ['combining marks', 'Z\u0351\u0352\u0353'.repeat(300)],
  ['a number', 12_345],
  ['a boolean', true],
  ['null', null],
  ['an array', ['x']],
  ['an object', { toString: 'x' }],
];

/** @type {[string, unknown][]} */
const NUMBER_ODDITIES = [
  ['-1', -1],
  ['0', 0],
  ['1.5', 1.5],
  ['1e308', 1e308],
  ['2^53 + 2', 2 ** 53 + 2],
  ['"1"', '1'],
  ['"0x1"', '0x1'],
  ['"1e0"', '1e0'],
  ['true', true],
  ['null', null],
  ['[1]', [1]],
  ['{}', {}],
];

/** @type {[string, unknown][]} */
const OBJECT_ODDITIES = [
  ['null', null],
  ['a string', 'x'],
  ['an empty array', []],
  ['an empty object', {}],
];

/**
 * The base body with one field (or one object) made odd at a time, within `focus` when given.
 * @param {Record<string, unknown>} base
 * @param {string[] | undefined} focus
 * @returns {{ label: string; body: unknown }[]}
 */
function mutations(base, focus) {
  /** @type {{ label: string; body: unknown }[]} */
  const out = [];
  const inFocus = (/** @type {string} */ name) =>
    !focus || focus.some((prefix) => name === prefix || name.startsWith(`${prefix}.`));
  /**
   * @param {unknown} value
   * @param {string[]} parts
   */
  const visit = (value, parts) => {
    const name = parts.join('.');
    if (value !== null && typeof value === 'object') {
      if (parts.length > 0 && inFocus(name))
        for (const [label, odd] of OBJECT_ODDITIES)
          out.push({ label: `${name}=${label}`, body: setAt(base, parts, odd) });
      for (const [key, child] of Object.entries(value)) visit(child, [...parts, key]);
      return;
    }
    // The honeypot stays filled: a form without it would be stored.
    if (name === 'website' || !inFocus(name)) return;
    const odds = typeof value === 'string' ? STRING_ODDITIES : NUMBER_ODDITIES;
    for (const [label, odd] of odds) out.push({ label: `${name}=${label}`, body: setAt(base, parts, odd) });
  };
  visit(base, []);
  return out;
}

/**
 * A copy of `base` with `value` at `parts`.
 * @param {Record<string, unknown>} base
 * @param {string[]} parts
 * @param {unknown} value
 */
function setAt(base, parts, value) {
  const copy = structuredClone(base);
  /** @type {any} */
  let target = copy;
  for (const part of parts.slice(0, -1)) target = target[part];
  target[String(parts.at(-1))] = value;
  return copy;
}

// ---------------------------------------------------------------------------------------------
// The generic pass: every function route, a few malformed requests each

/** @param {Section} razorpay section 3, whose notes say whether the Razorpay webhook could be probed. */
export async function probeGeneric(razorpay) {
  const generic = section('G', 'generic pass over every function route');
  await run(generic, async () => {
    const routes = await functionRoutes();
    /** @type {(() => Promise<void>)[]} */
    const jobs = [];
    /**
     * @param {Ask} request
     * @param {(answer: Answer) => string | undefined} [check] the rule broken, if any
     */
    const job = (request, check) =>
      jobs.push(async () => {
        const answer = await ask(generic, request);
        // A 5xx or no answer is a finding of its own already (ask).
        const broken = answer.error || answer.status >= 500 ? undefined : check?.(answer);
        if (broken) finding(generic, broken, shown(answer));
      });
    const not2xx = (/** @type {Answer} */ answer) =>
      answer.status >= 200 && answer.status < 300 ? 'an odd request taken (2xx)' : undefined;
    const razorpayProbed = !razorpay.notes.some((note) => note.startsWith('not probed') || note.startsWith('skipped'));

    for (const route of routes) {
      const target = route.path.replace(/:(\w+)/g, (_, name) => PARAMS[name] ?? 'x');
      for (const method of ['GET', 'POST', 'PUT', 'DELETE', 'PATCH']) {
        if (route.allowed.length === 0 || route.allowed.includes(method)) continue;
        job(
          {
            method,
            path: target,
            ...(method === 'GET' || method === 'DELETE' ? {} : { json: {} }),
            what: 'wrong method',
          },
          (answer) => (answer.status === 405 ? undefined : 'a wrong method is not 405'),
        );
      }
      const base = BASE_BODIES[route.path];
      const signer = SIGNERS[route.path];
      if (route.allowed.includes('POST')) {
        /** @type {[string, string | Uint8Array, Record<string, string>?][]} */
        const bodies = [
          ['empty body', ''],
          ['invalid JSON', '{"a":'],
          ['null', 'null'],
          ['an array', '[]'],
          ['a string', '"x"'],
          ['a number too large', '1e309'],
          ['an empty object', '{}'],
          ['5,000 nested arrays', `${'['.repeat(5000)}${']'.repeat(5000)}`],
          ['invalid UTF-8', Uint8Array.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xc3, 0x28, 0xff, 0xfe, 0x22, 0x7d])],
          ['duplicate keys', '{"a":1,"a":{"b":[]}}'],
          ['a 20 KB string', JSON.stringify({ name: 'a'.repeat(20 * 1024) })],
        ];
        if (base) {
          const raw = JSON.stringify(base());
          bodies.push(
            [
              'prototype pollution',
              `{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}},${raw.slice(1)}`,
            ],
            ['text/plain', raw, { 'content-type': 'text/plain' }],
            ['a form post', 'name=x&email=y', { 'content-type': 'application/x-www-form-urlencoded' }],
            [
              'cross-site',
              raw,
              { 'content-type': 'application/json', origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
            ],
          );
        }
        for (const [what, raw, headers] of bodies) {
          job(
            { method: 'POST', path: target, raw, headers: headers ?? { 'content-type': 'application/json' }, what },
            what === 'a 20 KB string' ? not2xx : undefined,
          );
        }
        // Each field of a believable body made odd, one at a time (signed where the route needs it).
        const mutable = base && !DEV_ROUTES.has(route.path) && (!signer || signer.ready());
        const skip = route.path === '/api/razorpay/webhook' && !razorpayProbed;
        if (mutable && !skip) {
          for (const mutation of mutations(base(), FOCUS[route.path])) {
            const request = signer
              ? signer.sign(mutation.body, mutation.label)
              : { json: freshen(mutation.body, mutation.label) };
            job({ method: 'POST', path: target, ...request, what: mutation.label });
          }
        } else if (skip) generic.notes.push(`${route.path}: fields not varied (the webhook answers 503 here)`);
        else if (base && signer && !signer.ready())
          generic.notes.push(`${route.path}: fields not varied (its secret was not given)`);
      }
      // Ids in the path that are no order id, pincode or anything (fetch resolves a bare `..`, so the
      // traversals are encoded).
      const param = /:(\w+)/.exec(route.path)?.[1];
      if (param) {
        const method = route.allowed.includes('GET') ? 'GET' : 'POST';
        for (const value of ODD_IDS) {
          const oddPath = route.path.replace(/:(\w+)/g, (_, name) => (name === param ? value : (PARAMS[name] ?? 'x')));
          job(
            { method, path: oddPath, ...(method === 'POST' && base ? { json: base() } : {}), what: `odd :${param}` },
            (answer) => (answer.status >= 400 && answer.status < 500 ? undefined : 'an odd id is not answered 4xx'),
          );
        }
      }
      if (route.allowed.includes('GET')) {
        for (const query of ODD_QUERIES) {
          job({ path: `${target}${query}`, what: 'odd query' }, (answer) =>
            answer.text.includes('<script>probe') && answer.status === 200
              ? 'a query value is echoed as given'
              : undefined,
          );
        }
      }
    }
    for (const unknown of UNKNOWN_PATHS)
      job({ path: unknown, what: 'no such route' }, (answer) =>
        answer.status === 404 || answer.status === 400 ? undefined : 'an address with no route is not 404',
      );

    if (jobs.length > LIMITS.generic) generic.notes.push(`${jobs.length} requests planned, ${LIMITS.generic} sent`);
    generic.notes.push(
      `${routes.length} routes: every config.path of netlify/functions/*.mts, and ${UNKNOWN_PATHS.length} with none`,
    );
    const queue = jobs.slice(0, LIMITS.generic);
    let next = 0;
    await Promise.all(
      Array.from({ length: LIMITS.concurrency }, async () => {
        while (next < queue.length) {
          const current = queue[next];
          next += 1;
          await current?.();
        }
      }),
    );
  });
}
