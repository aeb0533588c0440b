import { randomUUID } from 'node:crypto';
import type { Config } from '@netlify/functions';
import type { StoredOrder } from '#shop/order/index.ts';
import { sheetPaymentStatus, sheetRefunds, staffStatusLabel } from '#shop/order-engine/index.ts';
import { text } from '#shop/texts/server.ts';
import { type DevStaffOrders, devStaffRequestSchema, type StaffActionRequest } from '../../src/shop/schemas/index.ts';
import { createDeps } from '../lib/orders/deps.ts';
import { handleStaffRequest, staffActionSecret, staffSignature } from '../lib/orders/staff-request.ts';
import { localGatewayAllowed, readServerEnv } from '../lib/platform/env.ts';
import { endpoint, errorResponse, guarded, methodNotAllowed, parseJsonBody } from '../lib/platform/http.ts';

const FAILING = { name: 'dev-staff', message: text('staff.failed') };

/** The newest orders the page lists. */
const LISTED = 50;

/**
 * The development page's staff desk (`/dev/staff`, issue 32 §6): GET lists the order log's orders;
 * POST `{ orderId, action, amount? }` performs a staff action the way the Sheet does — the body
 * signed with this machine's staff secret and handed to the signed endpoint's handler, so the
 * signature, the time and the single-use id are checked as for the Apps Script. It exists only
 * where the local test gateway may run: never in production, never beside a real Sheet or
 * Delhivery (404).
 */
export default endpoint(async function devStaff(request: Request): Promise<Response> {
  if (request.method !== 'GET' && request.method !== 'POST') return methodNotAllowed(['GET', 'POST']);
  const env = readServerEnv();
  if (!localGatewayAllowed(env)) return errorResponse(404, 'NOT_FOUND', 'There is no staff desk here.');
  if (request.method === 'GET') {
    return guarded(FAILING, async () => {
      const deps = createDeps(env);
      const ids = (await deps.log.allOrderIds()).sort().reverse().slice(0, LISTED);
      const orders = (await Promise.all(ids.map((id) => deps.log.get(id)))).filter(
        (order): order is StoredOrder => order !== undefined,
      );
      const body: DevStaffOrders = {
        orders: orders.map((order) => ({
          orderId: order.orderId,
          status: staffStatusLabel(order),
          total: order.totals.total,
          mode: order.mode,
          paymentStatus: sheetPaymentStatus(order),
          refunded: sheetRefunds(order).refunded,
        })),
      };
      return Response.json(body);
    });
  }
  const body = await parseJsonBody(request, devStaffRequestSchema);
  if (!body.ok) return body.response;
  return guarded(FAILING, async () => {
    const secret = staffActionSecret(env);
    if (!secret) return errorResponse(404, 'NOT_FOUND', 'There is no staff desk here.');
    const signed: StaffActionRequest = { id: randomUUID(), ...body.data, at: new Date().toISOString() };
    const rawBody = JSON.stringify(signed);
    return handleStaffRequest(createDeps(env), { rawBody, signature: staffSignature(secret, rawBody), secret });
  });
});

export const config: Config = {
  path: '/api/dev/staff',
  rateLimit: { windowLimit: 60, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
