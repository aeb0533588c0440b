/**
 * /api/contact (docs/shop-rules.md §3): a contact message, to the Sheet's Contact Submissions tab
 * with the ISO time it was first received; once per submission id, however often it is sent.
 */

import type { ContactSubmission, SubmissionAccepted } from '#shop/schemas/index.ts';
import { text } from '#shop/texts/server.ts';
import { database, type Queries } from '../platform/database.ts';
import { readServerEnv, type ServerEnv } from '../platform/env.ts';
import type { ServiceResult } from '../platform/http.ts';
import { createSheets, type SheetsClient } from '../sheets/client.ts';
import { newSheetContact } from '../sheets/records.ts';
import { SUBMISSION_ACCEPTED, submissionResult, submitOnce } from '../submissions/once.ts';

export interface ContactDeps {
  /** The database holding each submission's task row, so a resend is written once (submissions/once.ts). */
  db: Queries;
  sheets: Pick<SheetsClient, 'appendContact'>;
}

export function createContactDeps(env: ServerEnv = readServerEnv()): ContactDeps {
  return { db: database(), sheets: createSheets(env) };
}

/** A contact message, to the Sheet once; every failure says the form's own words. */
export async function submitContact(
  deps: ContactDeps,
  submission: ContactSubmission,
): Promise<ServiceResult<SubmissionAccepted>> {
  const { website, ...message } = submission;
  // A bot filled the hidden field: it is told what a person is told, and nothing is written.
  if (website?.trim()) return SUBMISSION_ACCEPTED;
  const result = await submitOnce({
    db: deps.db,
    kind: 'contact',
    id: message.submissionId,
    content: message,
    send: (receivedAt) => deps.sheets.appendContact(newSheetContact(message, receivedAt)),
  });
  return submissionResult(result, text('contact.error'));
}
