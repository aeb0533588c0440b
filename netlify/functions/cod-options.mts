import type { Config } from '@netlify/functions';

import { codOptionsRequestSchema } from '../../src/shop/schemas/index.ts';
import { text } from '../../src/shop/texts/server.ts';
import { createDeps } from '../lib/orders/deps.ts';
import { codOptions } from '../lib/orders/place.ts';
import { endpoint, guarded, methodNotAllowed, parseJsonBody, serviceResponse } from '../lib/platform/http.ts';

/** The checkout's "may I pay on delivery?" before Place Order (docs/shop-rules.md §10 rule 17). */
const FAILING = { name: 'cod-options', message: text('cod.checkFailed') };

export default endpoint(async function codOptionsFunction(request: Request): Promise<Response> {
  if (request.method !== 'POST') return methodNotAllowed(['POST']);
  const body = await parseJsonBody(request, codOptionsRequestSchema);
  if (!body.ok) return body.response;
  return guarded(FAILING, async () => serviceResponse(await codOptions(createDeps(), body.data)));
});

// Asked once the delivery is typed, again as it changes (debounced): a shopper needs a handful.
// Each answer says a little about a phone (its outcome), so 20 a minute, not the quote's 60.
export const config: Config = {
  path: '/api/checkout/cod-options',
  rateLimit: { windowLimit: 20, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
