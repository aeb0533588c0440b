import type { Config } from '@netlify/functions';
import { contactSubmissionSchema } from '../../src/shop/schemas.ts';
import { blobStore } from '../lib/platform/blobs.ts';
import { readServerEnv } from '../lib/platform/env.ts';
import { endpoint, guarded, methodNotAllowed, parseJsonBody } from '../lib/platform/http.ts';
import { createSheets } from '../lib/sheets/client.ts';
import { newSheetContact } from '../lib/sheets/records.ts';
import { SUBMISSIONS_STORE, submissionAccepted, submissionResponse, submitOnce } from '../lib/submissions/once.ts';

/** docs/shop-rules.md §8: what the contact form shows when a message could not be sent. */
export const CONTACT_FAILED_MESSAGE =
  'Sorry, there was an error submitting your message. Please try again or email us directly.';

/**
 * POST: a contact message (docs/shop-rules.md §3), to the Contact Submissions tab with the ISO time
 * it was first received; once per submission id, however often it is sent.
 */
export default endpoint(async function contact(request: Request): Promise<Response> {
  if (request.method !== 'POST') return methodNotAllowed(['POST']);
  const body = await parseJsonBody(request, contactSubmissionSchema);
  if (!body.ok) return body.response;
  const { website, ...message } = body.data;
  // A bot filled the hidden field: it is told what a person is told, and nothing is written.
  if (website?.trim()) return submissionAccepted();
  return guarded({ name: 'contact', message: CONTACT_FAILED_MESSAGE }, async () => {
    const sheets = createSheets(readServerEnv());
    const result = await submitOnce({
      store: blobStore(SUBMISSIONS_STORE),
      kind: 'contact',
      id: message.submissionId,
      content: message,
      send: (receivedAt) => sheets.appendContact(newSheetContact(message, receivedAt)),
    });
    return submissionResponse(result, CONTACT_FAILED_MESSAGE);
  });
});

export const config: Config = {
  path: '/api/contact',
  method: ['POST'],
  rateLimit: { windowLimit: 10, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
