import type { Config } from '@netlify/functions';

import { contactSubmissionSchema } from '../../src/shop/schemas/index.ts';
import { text } from '../../src/shop/texts/server.ts';
import { createContactDeps, submitContact } from '../lib/contact/service.ts';
import { endpoint, guarded, methodNotAllowed, parseJsonBody, serviceResponse } from '../lib/platform/http.ts';

const FAILING = { name: 'contact', message: text('contact.error') };

/**
 * POST: a contact message (docs/shop-rules.md §3), to the Contact Submissions tab with the ISO time
 * it was first received; once per submission id, however often it is sent.
 */
export default endpoint(async function contact(request: Request): Promise<Response> {
  if (request.method !== 'POST') return methodNotAllowed(['POST']);
  const body = await parseJsonBody(request, contactSubmissionSchema);
  if (!body.ok) return body.response;
  return guarded(FAILING, async () => serviceResponse(await submitContact(createContactDeps(), body.data)));
});

export const config: Config = {
  path: '/api/contact',
  rateLimit: { windowLimit: 10, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
