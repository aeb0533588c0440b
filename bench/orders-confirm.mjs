// Part of `npm run bench:orders`: the confirmation burst (docs/shop-rules.md §10 rule 17). Nothing is
// booked before its shopper confirms; then every shopper confirms at once, and the same confirmations
// come again (a storm of repeated taps): each order must be booked, and invoiced, exactly once. The
// statements of each phase are counted (bench/orders-statements.mjs).
import { performance } from 'node:perf_hooks';
import { postRaw } from './orders-http.mjs';
import { ORDERS } from './orders-settings.mjs';
import { counting, resetStatements, serverStatements } from './orders-statements.mjs';
import { settle } from './orders-stored.mjs';

/**
 * @param {import('./orders-stored.mjs').Stored} stored
 * @param {string[]} sentIds
 * @param {Awaited<ReturnType<typeof settle>>} log the order log once the orders were placed
 */
export async function confirmTwice(stored, sentIds, log) {
  // (d) Rule 17: nothing is booked before its shopper confirms; then 200 confirmations at once, and
  // the same 200 again (a storm of repeated taps), book each order exactly once.
  const beforeConfirming = { awaiting: log.awaiting, bookings: log.bookings };
  // Each phase's statements are counted once its writes have settled (none is left running).
  await resetStatements();
  const confirmations = await confirmAll(sentIds, log.confirmTexts);
  if (counting()) await settle(stored, sentIds);
  const confirmingStatements = await serverStatements(ORDERS);
  await resetStatements();
  const repeats = await confirmAll(sentIds, log.confirmTexts);
  const confirmed = await settle(stored, sentIds);
  const repeatStatements = await serverStatements(ORDERS);
  return { beforeConfirming, confirmations, confirmingStatements, repeats, confirmed, repeatStatements };
}

/**
 * Every order's shopper sends CONFIRM at once, through the development phone (`/api/dev/whatsapp`,
 * the webhook's own handler, signed as Meta's calls are): what the shop answered, by outcome.
 * @param {string[]} sentIds
 * @param {Map<string, string>} texts
 */
async function confirmAll(sentIds, texts) {
  /** @type {Record<string, number>} */
  const outcomes = {};
  let non2xx = 0;
  let redelivered = 0;
  const started = performance.now();
  await Promise.all(
    sentIds.map(async (id) => {
      const body = JSON.stringify({ kind: 'write', phone: '9876543210', text: texts.get(id) ?? `CONFIRM ${id} NONE` });
      let result = await postRaw('/api/dev/whatsapp', body);
      // A connection the loaded server dropped is delivered again, as Meta redelivers a webhook.
      for (let again = 0; again < 3 && typeof result.status !== 'number'; again += 1) {
        redelivered += 1;
        result = await postRaw('/api/dev/whatsapp', body);
      }
      if (typeof result.status !== 'number' || result.status >= 300) non2xx += 1;
      try {
        for (const outcome of /** @type {{ outcomes: string[] }} */ (JSON.parse(result.text)).outcomes)
          outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
      } catch {
        outcomes[`HTTP ${result.status}`] = (outcomes[`HTTP ${result.status}`] ?? 0) + 1;
      }
    }),
  );
  return { outcomes, non2xx, redelivered, seconds: (performance.now() - started) / 1000 };
}
