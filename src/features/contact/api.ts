/** The contact page's call to /api/contact, through the shared API client (zod loads on first call). */
import { callApi } from '../../lib/api/index.ts';
import type { ContactSubmission } from '../../shop/schemas/index.ts';

export const submitContactMessage = (submission: ContactSubmission) =>
  callApi('/api/contact', { body: submission, response: (schemas) => schemas.submissionAcceptedSchema });
