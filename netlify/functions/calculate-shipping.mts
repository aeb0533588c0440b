import type { Config } from '@netlify/functions';
import { content } from '../../src/content/content.server.ts';
import type { Product, ShopSettings } from '../../src/content/types.ts';

import { shippingQuoteRequestSchema } from '../../src/shop/schemas/index.ts';
import { text } from '../../src/shop/texts/server.ts';
import { createDelhivery } from '../lib/delhivery/client.ts';
import { readServerEnv } from '../lib/platform/env.ts';
import { endpoint, errorResponse, methodNotAllowed, parseJsonBody, serviceResponse } from '../lib/platform/http.ts';
import { quoteShipping } from '../lib/shipping-quote.ts';

/**
 * Quotes shipping for a cart sent as lines (product id, size, quantity). Any weight, price or
 * total the browser adds is stripped by the schema: the quote is computed from the catalogue.
 */
export default endpoint(async function calculateShipping(request: Request): Promise<Response> {
  if (request.method !== 'POST') return methodNotAllowed(['POST']);
  const body = await parseJsonBody(request, shippingQuoteRequestSchema);
  if (!body.ok) return body.response;

  let shop: [Product[], ShopSettings];
  try {
    shop = await Promise.all([content().catalogue(), content().settings()]);
  } catch (error) {
    console.error('calculate-shipping: content unavailable', error);
    return errorResponse(503, 'CONTENT_UNAVAILABLE', text('order.contentUnavailable'));
  }
  const [catalogue, settings] = shop;

  const result = await quoteShipping(body.data, {
    catalogue,
    rules: { freeShippingThreshold: settings.freeShippingThreshold, codCharge: settings.codCharge },
    originPin: settings.pickup.pincode,
    carrier: createDelhivery(readServerEnv()),
  });
  return result.ok ? Response.json(result.quote) : serviceResponse(result);
});

export const config: Config = {
  path: '/api/delhivery/calculate-shipping',
  rateLimit: { windowLimit: 60, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
