// Part of `npm run bench:orders`: COD order throughput and exactly-once. 200 COD orders at once, each
// with its own order id, at the total the server quoted; then what the checkout's outbox does next
// (every order without an answer sent again, same id and body); then what the server stored of them:
// the order log, the Orders tab and the WhatsApp outbox.
import { readdir } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import { cannon, postRaw } from './orders-http.mjs';
import { BASE, CART, ORDERS, PINCODE, RESEND_CONCURRENCY } from './orders-settings.mjs';
import { checkSheet, settle } from './orders-stored.mjs';

/**
 * @param {import('./orders-stored.mjs').Stored & { whatsappDir: string | undefined }} stored
 * @param {number} clientTotal the total the server quoted for CART
 */
export async function placeOrders(stored, clientTotal) {
  // (b) 200 concurrent COD orders, each with its own order id, at the total the server quoted.
  const firstId = Date.now();
  /** @type {string[]} */
  const sentIds = [];
  /** @type {Map<string, string>} */
  const bodies = new Map();
  /** @type {{ status: number; body: string }[]} */
  const responses = [];
  const orderBody = () => {
    const orderId = `OUO_${String(firstId + sentIds.length).padStart(13, '0')}`;
    sentIds.push(orderId);
    const body = JSON.stringify({
      orderId,
      customer: {
        name: `Bench Shopper ${sentIds.length}`,
        email: `bench${sentIds.length}@example.in`,
        phone: '98765 43210',
        address1: '12 Mall Road',
        pincode: PINCODE,
        city: 'Dehradun',
        state: 'Uttarakhand',
      },
      lines: CART,
      paymentMode: 'cod',
      clientTotal,
      whatsappUpdates: true,
    });
    bodies.set(orderId, body);
    return body;
  };
  console.log(`Placing ${ORDERS} COD orders with ${ORDERS} concurrent connections…`);
  const started = performance.now();
  const orderRun = await cannon({
    url: `${BASE}/api/checkout/process-cod`,
    connections: ORDERS,
    amount: ORDERS, // one request per connection: every order is in flight at once
    timeout: 120,
    requests: [
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        // Called once per connection here, so each order gets its own id.
        setupRequest: (request) => ({ ...request, body: orderBody() }),
        onResponse: (status, body) => {
          responses.push({ status, body });
        },
      },
    ],
  });
  const orderSeconds = (performance.now() - started) / 1000;

  const firstStatuses = countBy(responses.map((response) => response.status));
  /** @type {Map<string, string>} order id → the order id the server answered with (2xx only) */
  const answered = new Map();
  for (const response of responses) {
    const id = orderIdOf(response.body);
    if (response.status >= 200 && response.status < 300 && id) answered.set(id, id);
  }
  const firstLog = await settle(stored, sentIds);
  const firstSheet = await checkSheet(stored.sheetsDir, sentIds);

  // What the checkout's outbox does next: resend (same id, same body) every order without an answer.
  const unanswered = sentIds.filter((id) => !answered.has(id));
  console.log(`Resending ${unanswered.length} unanswered orders, ${RESEND_CONCURRENCY} at a time…`);
  /** @type {Record<string, number>} */
  const resendStatuses = {};
  const resendStarted = performance.now();
  for (let index = 0; index < unanswered.length; index += RESEND_CONCURRENCY) {
    const batch = unanswered.slice(index, index + RESEND_CONCURRENCY);
    await Promise.all(
      batch.map(async (id) => {
        const result = await postRaw('/api/checkout/process-cod', bodies.get(id) ?? '');
        resendStatuses[result.status] = (resendStatuses[result.status] ?? 0) + 1;
        const answeredId = orderIdOf(result.text);
        if (typeof result.status === 'number' && result.status >= 200 && result.status < 300 && answeredId)
          answered.set(id, answeredId);
      }),
    );
  }
  const resendSeconds = (performance.now() - resendStarted) / 1000;
  const log = await settle(stored, sentIds);
  const sheet = await checkSheet(stored.sheetsDir, sentIds);
  // The local outbox writes each message once, create-only, named `<orderId>-<event>.json`.
  const outbox = (await readdir(stored.whatsappDir ?? '').catch(() => /** @type {string[]} */ ([]))).filter((name) =>
    name.endsWith('.json'),
  );
  const placedMessages = sentIds.filter((id) => outbox.includes(`${id}-placed.json`)).length;
  const renamed = [...answered].filter(([sent, got]) => sent !== got).length;

  return {
    sentIds,
    firstId,
    orderRun,
    orderSeconds,
    firstStatuses,
    firstLog,
    firstSheet,
    unanswered,
    resendStatuses,
    resendSeconds,
    answered,
    log,
    sheet,
    outbox,
    placedMessages,
    renamed,
  };
}

/**
 * @param {string} text
 * @returns {string | undefined}
 */
function orderIdOf(text) {
  try {
    return JSON.parse(text).orderId;
  } catch {
    return undefined;
  }
}

/**
 * @param {(string | number)[]} values
 * @returns {Record<string, number>}
 */
function countBy(values) {
  /** @type {Record<string, number>} */
  const counts = {};
  for (const value of values) counts[value] = (counts[value] ?? 0) + 1;
  return counts;
}
