import type { Config } from '@netlify/functions';
import { isValidSignature, SIGNATURE_HEADER_NAME } from '@sanity/webhook';
import { z } from 'zod';
import { notePublish } from '../lib/content/rebuild.ts';
import { database } from '../lib/platform/database.ts';
import { readServerEnv } from '../lib/platform/env.ts';
import { endpoint, errorResponse, MAX_BODY_BYTES, methodNotAllowed, readLimited } from '../lib/platform/http.ts';
import { versionedRows } from '../lib/platform/versioned-rows.ts';

/** What the webhook sends (its projection, scripts/sanity-build-hook.mjs): the document's id and type. */
const publishedSchema = z.object({ _id: z.string().min(1).max(200), _type: z.string().min(1).max(100) });

/**
 * POST from Sanity's webhook, once per published document: notes the publish, and the scheduled
 * `rebuild-content` asks Netlify for one build when publishing has gone quiet
 * (netlify/lib/content/rebuild.ts). Only calls signed with SANITY_WEBHOOK_SECRET are taken.
 */
export default endpoint(async function contentPublished(request: Request): Promise<Response> {
  if (request.method !== 'POST') return methodNotAllowed(['POST']);
  const secret = readServerEnv().SANITY_WEBHOOK_SECRET;
  if (!secret) {
    return errorResponse(503, 'NOT_CONFIGURED', 'SANITY_WEBHOOK_SECRET is not set; publishes are not taken.');
  }
  const body = await readLimited(request, MAX_BODY_BYTES);
  const signature = request.headers.get(SIGNATURE_HEADER_NAME) ?? '';
  if (body === undefined || !signature || !(await isValidSignature(body, signature, secret))) {
    return errorResponse(401, 'BAD_SIGNATURE', 'The webhook signature does not match.');
  }
  let document: z.infer<typeof publishedSchema>;
  try {
    document = publishedSchema.parse(JSON.parse(body));
  } catch {
    return errorResponse(422, 'VALIDATION_FAILED', 'Expected the published document as {_id, _type}.');
  }
  const pending = await notePublish(versionedRows(database(), 'site_state'), `${document._type}:${document._id}`);
  return Response.json({ noted: true, pending: pending.count }, { status: 202 });
});

export const config: Config = { path: '/api/content-published' };
