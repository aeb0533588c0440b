import type { Config } from '@netlify/functions';
import { content } from '../../src/content/content.server.ts';
import type { ErrorEnvelope } from '../../src/shop/error-codes.ts';
import { createDeps } from '../lib/orders/deps.ts';
import { fromStaff } from '../lib/orders/staff-request.ts';
import { database } from '../lib/platform/database.ts';
import { isProduction, readServerEnv } from '../lib/platform/env.ts';
import { endpoint, errorResponse, methodNotAllowed } from '../lib/platform/http.ts';
import { systemReport } from '../lib/platform/systems.ts';

/**
 * For uptime checks and staff. Anyone gets only `{ status: 'ok' }` (200) or `{ status: 'degraded' }`
 * (503: the catalogue or the order store cannot be read, or production runs on a local stand-in),
 * so a misconfigured deploy is loud. Staff (`Authorization: Bearer <STAFF_ACTION_SECRET>`) also get what is behind it:
 * the content source, which outside systems are real and which local, the settings that are
 * missing, and how many orders wait for them — none of it for strangers (issue 46, docs/security.md).
 */
export default endpoint(async function health(request: Request): Promise<Response> {
  if (request.method !== 'GET') return methodNotAllowed(['GET']);
  const env = readServerEnv();
  const staff = fromStaff(request, env);
  let products: number;
  try {
    products = (await content().catalogue()).length;
  } catch (error) {
    console.error('health: content unavailable', error);
    if (!staff) return publicAnswer(false);
    return errorResponse(503, 'CONTENT_UNAVAILABLE', 'The catalogue could not be read.');
  }
  try {
    await database().query('select 1');
  } catch (error) {
    // No order can be placed or followed: uptime checks must see it (decision 031).
    console.error('health: database unavailable', error);
    if (!staff) return publicAnswer(false);
    return errorResponse(503, 'DATABASE_UNAVAILABLE', 'The order store (the database) could not be reached.');
  }
  const { systems, missing } = systemReport(env, content().source);
  const misconfigured = isProduction(env) && missing.length > 0;
  if (!staff) return publicAnswer(!misconfigured);
  const { log } = createDeps(env);
  const [needsAttention, needsRefund] = (await Promise.all([log.attentionOrderIds(), log.refundOrderIds()])).map(
    (ids) => ids.length,
  );
  // How far behind the staff's Sheet is (issue 48): the oldest change its rows do not show yet.
  const oldestUnwritten = (await log.oldestUnwrittenSheet()) ?? null;
  return Response.json(
    {
      ok: !misconfigured,
      context: env.CONTEXT,
      content: content().source,
      products,
      systems,
      missing,
      orders: { needsAttention, needsRefund },
      sheet: { oldestUnwritten },
      ...(misconfigured ? productionMissing(missing) : {}),
    },
    { status: misconfigured ? 503 : 200 },
  );
});

/** What anyone may know: whether the shop works. */
const publicAnswer = (ok: boolean) => Response.json({ status: ok ? 'ok' : 'degraded' }, { status: ok ? 200 : 503 });

/** The health answer's error, in the envelope every error has. */
function productionMissing(missing: readonly string[]): ErrorEnvelope {
  return { error: { code: 'LOCAL_STAND_IN_IN_PRODUCTION', message: `Production is missing ${missing.join(', ')}.` } };
}

export const config: Config = {
  path: '/api/health',
  rateLimit: { windowLimit: 120, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
