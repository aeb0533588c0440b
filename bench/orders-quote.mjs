// Part of `npm run bench:orders`: shipping-quote latency. The COD cart is quoted once (the fallback
// estimate must answer, and its total is the one the orders send), the order function is warmed, then
// autocannon quotes for QUOTE_SECONDS with QUOTE_CONNECTIONS connections.
import { cannon, postJson } from './orders-http.mjs';
import { BASE, CART, PINCODE, QUOTE_CONNECTIONS, QUOTE_SECONDS } from './orders-settings.mjs';

/** The quote the orders are placed at, and the load's autocannon result. */
export async function measureQuotes() {
  // Warm up: the first call to each function loads (and, on a first start, bundles) it.
  const quoteBody = { lines: CART, pincode: PINCODE, paymentMode: 'cod' };
  const quote = await postJson('/api/delhivery/calculate-shipping', quoteBody);
  if (quote.status !== 200)
    throw new Error(`calculate-shipping answered ${quote.status}: ${JSON.stringify(quote.body)}`);
  if (quote.body.source !== 'estimate') throw new Error(`expected the fallback estimate, got ${quote.body.source}`);
  const warm = await postJson('/api/checkout/process-cod', {});
  if (warm.status !== 422) throw new Error(`process-cod answered ${warm.status} to an empty body (expected 422)`);

  // (a) Shipping-quote latency.
  console.log(`Quoting shipping for ${QUOTE_SECONDS} s with ${QUOTE_CONNECTIONS} connections…`);
  const quoteRun = await cannon({
    url: `${BASE}/api/delhivery/calculate-shipping`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(quoteBody),
    connections: QUOTE_CONNECTIONS,
    duration: QUOTE_SECONDS,
    timeout: 30,
  });
  return { clientTotal: quote.body.total, quoteRun };
}
