import type { Config } from '@netlify/functions';
import { text } from '../../src/shop/texts/server.ts';
import { createDeps } from '../lib/orders/deps.ts';
import { handleStaffRequest, staffActionSecret } from '../lib/orders/staff-request.ts';
import { readServerEnv } from '../lib/platform/env.ts';
import {
  endpoint,
  errorResponse,
  guarded,
  MAX_BODY_BYTES,
  methodNotAllowed,
  readLimited,
  refusePost,
} from '../lib/platform/http.ts';

const FAILING = { name: 'staff-action', message: text('staff.failed') };

/**
 * POST /api/staff/action `{ id, orderId, action, amount?, at }`, signed (`X-Shop-Signature`): the
 * Sheet's Apps Script acts on an order for staff (docs/shop-rules.md §10 rule 15). The body is read
 * as raw text, as the Razorpay webhook's: the signature is over the exact bytes sent. `refusePost`
 * still runs: Google's servers send neither `Origin` nor `Sec-Fetch-Site`, and the script sends
 * JSON, so it passes them and still refuses a browser's cross-site or form post.
 */
export default endpoint(async function staffAction(request: Request): Promise<Response> {
  if (request.method !== 'POST') return methodNotAllowed(['POST']);
  const env = readServerEnv();
  const refused = refusePost(request);
  if (refused) return refused;
  return guarded(FAILING, async () => {
    const secret = staffActionSecret(env);
    if (!secret) return errorResponse(503, 'NOT_CONFIGURED', text('staff.notConfigured'));
    const raw = await readLimited(request, MAX_BODY_BYTES);
    if (raw === undefined) return errorResponse(413, 'BODY_TOO_LARGE', 'The request body is too large.');
    return handleStaffRequest(createDeps(env), {
      rawBody: raw,
      signature: request.headers.get('x-shop-signature'),
      secret,
    });
  });
});

export const config: Config = {
  path: '/api/staff/action',
  // Staff pick an action a few times a minute at most; Google's servers share addresses.
  rateLimit: { windowLimit: 30, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
