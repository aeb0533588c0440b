import type { Config } from '@netlify/functions';
import { content } from '../../src/content/content.server.ts';
import type { ErrorEnvelope } from '../../src/shop/messages.ts';
import { createDeps } from '../lib/orders/deps.ts';
import { isProduction, readServerEnv } from '../lib/platform/env.ts';
import { endpoint, errorResponse, methodNotAllowed } from '../lib/platform/http.ts';
import { systemReport } from '../lib/platform/systems.ts';

/**
 * For uptime checks and staff: the functions run, the catalogue reads, which outside systems are
 * real and which local, and how many orders wait for staff. Production on any local stand-in
 * answers 503 with what is missing, so a misconfigured deploy is loud, not silent.
 */
export default endpoint(async function health(request: Request): Promise<Response> {
  if (request.method !== 'GET') return methodNotAllowed(['GET']);
  const env = readServerEnv();
  let products: number;
  try {
    products = (await content().catalogue()).length;
  } catch (error) {
    console.error('health: content unavailable', error);
    return errorResponse(503, 'CONTENT_UNAVAILABLE', 'The catalogue could not be read.');
  }
  const { systems, missing } = systemReport(env, content().source);
  const { log } = createDeps(env);
  const [needsAttention, needsRefund] = (await Promise.all([log.attentionOrderIds(), log.refundOrderIds()])).map(
    (ids) => ids.length,
  );
  const misconfigured = isProduction(env) && missing.length > 0;
  return Response.json(
    {
      ok: !misconfigured,
      context: env.CONTEXT,
      content: content().source,
      products,
      systems,
      missing,
      orders: { needsAttention, needsRefund },
      ...(misconfigured ? productionMissing(missing) : {}),
    },
    { status: misconfigured ? 503 : 200 },
  );
});

/** The health answer's error, in the envelope every error has. */
function productionMissing(missing: readonly string[]): ErrorEnvelope {
  return { error: { code: 'LOCAL_STAND_IN_IN_PRODUCTION', message: `Production is missing ${missing.join(', ')}.` } };
}

export const config: Config = {
  path: '/api/health',
  rateLimit: { windowLimit: 120, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
