import type { Config } from '@netlify/functions';
import { contactSubmissionSchema } from '../../src/shop/schemas.ts';
import { readServerEnv } from '../lib/platform/env.ts';
import { endpoint, errorResponse, guarded, methodNotAllowed, parseJsonBody } from '../lib/platform/http.ts';
import { createSheets } from '../lib/sheets/client.ts';
import { newSheetContact } from '../lib/sheets/records.ts';

/** docs/shop-rules.md §8: what the contact form shows when a message could not be sent. */
export const CONTACT_FAILED_MESSAGE =
  'Sorry, there was an error submitting your message. Please try again or email us directly.';

/** POST: a contact message (docs/shop-rules.md §3), to the Contact Submissions tab with an ISO timestamp. */
export default endpoint(async function contact(request: Request): Promise<Response> {
  if (request.method !== 'POST') return methodNotAllowed(['POST']);
  const body = await parseJsonBody(request, contactSubmissionSchema);
  if (!body.ok) return body.response;
  const { website, ...message } = body.data;
  // A bot filled the hidden field: it is told what a person is told, and nothing is written.
  if (website?.trim()) return Response.json({ success: true }, { status: 201 });
  return guarded({ name: 'contact', message: CONTACT_FAILED_MESSAGE }, async () => {
    const result = await createSheets(readServerEnv()).appendContact(newSheetContact(message));
    if (!result.ok) return errorResponse(502, 'SHEET_UNAVAILABLE', CONTACT_FAILED_MESSAGE);
    return Response.json({ success: true }, { status: 201 });
  });
});

export const config: Config = {
  path: '/api/contact',
  method: ['POST'],
  rateLimit: { windowLimit: 10, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
