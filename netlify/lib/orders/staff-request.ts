/**
 * POST /api/staff/action (docs/shop-rules.md §10 rule 15, docs/security.md): the Sheet's Apps
 * Script asks the shop to act on an order. Google's servers post it, so no browser check proves
 * anything here; the request proves itself:
 *
 * 1. `X-Shop-Signature: sha256=<hex HMAC-SHA256 of the raw body with STAFF_ACTION_SECRET>`,
 *    compared in constant time (401 `STAFF_SIGNATURE_INVALID`);
 * 2. its `at` within 5 minutes of the shop's clock, either way (401 `STAFF_REQUEST_STALE`);
 * 3. its single-use `id` remembered create-only before anything is done: a second request with it
 *    is 409 `STAFF_REQUEST_REPLAYED` and does nothing (the first one's answer is not kept; staff
 *    pick the action again, which makes a new id).
 *
 * The development page (`/api/dev/staff`) signs its requests with the same secret and comes
 * through here too, so the checks run for it as well.
 */

import { createHash, timingSafeEqual } from 'node:crypto';
import { staffActionRequestSchema } from '#shop/schemas/index.ts';
import { text as shopText } from '#shop/texts/server.ts';
import type { ServerEnv } from '../platform/env.ts';
import { errorResponse, parseInShopWords, serviceResponse } from '../platform/http.ts';
import { localGatewaySecret } from '../razorpay/local-gateway.ts';
import { hmacHex, signaturesMatch } from '../razorpay/signature.ts';
import { performStaffAction } from './staff-actions.ts';
import type { OrderDeps } from './types.ts';

/** A request whose `at` is further than this from now, either way, is refused. */
export const STAFF_REQUEST_MAX_AGE_MS = 5 * 60 * 1000;

const SIGNATURE_HEADER = /^sha256=([0-9a-f]{64})$/i;

export type StaffSecretEnv = Pick<ServerEnv, 'CONTEXT' | 'STAFF_ACTION_SECRET' | 'STAFF_ACTION_SECRET_FILE'>;

/**
 * The secret staff requests are signed with: `STAFF_ACTION_SECRET`; outside production without
 * it, this machine's own, made at random on first use into `STAFF_ACTION_SECRET_FILE` (as the
 * local gateway's). Undefined in production without it (503): production never reads the local
 * file, so a request signed with a local secret is refused there.
 */
export function staffActionSecret(env: StaffSecretEnv): string | undefined {
  if (env.STAFF_ACTION_SECRET) return env.STAFF_ACTION_SECRET;
  if (env.CONTEXT === 'production') return undefined;
  return localGatewaySecret(env.STAFF_ACTION_SECRET_FILE);
}

/**
 * Whether a request comes from staff: `Authorization: Bearer <the staff secret>` (the secret above),
 * compared in constant time. For what only staff may read, such as /api/health's details (issue 46);
 * never for an action, which is signed (`handleStaffRequest`).
 */
export function fromStaff(request: Request, env: StaffSecretEnv): boolean {
  const given = /^Bearer\s+(\S+)$/i.exec(request.headers.get('authorization')?.trim() ?? '')?.[1];
  const secret = given ? staffActionSecret(env) : undefined;
  if (!given || !secret) return false;
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(given), digest(secret));
}

/** The header value for a body: what the Apps Script and the development page send. */
export const staffSignature = (secret: string, rawBody: string) => `sha256=${hmacHex(secret, rawBody)}`;

export async function handleStaffRequest(
  deps: OrderDeps,
  input: { rawBody: string; signature: string | null; secret: string },
): Promise<Response> {
  const given = SIGNATURE_HEADER.exec(input.signature?.trim() ?? '')?.[1];
  if (!given || !signaturesMatch(hmacHex(input.secret, input.rawBody), given)) {
    return errorResponse(401, 'STAFF_SIGNATURE_INVALID', shopText('staff.badSignature'));
  }
  let json: unknown;
  try {
    json = JSON.parse(input.rawBody);
  } catch {
    return errorResponse(400, 'INVALID_JSON', 'The request body is not valid JSON.');
  }
  const parsed = parseInShopWords(staffActionRequestSchema, json);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
    return errorResponse(422, 'VALIDATION_FAILED', issues[0]?.message ?? shopText('staff.badAmount'), issues);
  }
  const request = parsed.data;
  if (Math.abs(deps.now().getTime() - Date.parse(request.at)) > STAFF_REQUEST_MAX_AGE_MS) {
    return errorResponse(401, 'STAFF_REQUEST_STALE', shopText('staff.stale'));
  }
  // Remembered before acting: of two requests with one id, one acts and the other is refused.
  if (!(await deps.log.rememberEvent(`staff-action-${request.id}`))) {
    return errorResponse(409, 'STAFF_REQUEST_REPLAYED', shopText('staff.replayed'));
  }
  const result = await performStaffAction(deps, {
    requestId: request.id,
    orderId: request.orderId,
    action: request.action,
    amount: request.amount,
  });
  return serviceResponse(result);
}
