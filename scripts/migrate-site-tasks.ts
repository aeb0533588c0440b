// For `npm run migrate:orders` (migrate-orders.ts): the Blobs records of the review and contact
// submissions (store `submissions`) and of the days' pickups (store `pickups`) as the task rows
// without an order the shop now keeps them in (netlify/lib/tasks/site-tasks.ts), shaped so that
// submissions/once.ts and pickups/service.ts read each one back as Blobs left it: a submission sent
// is never written to the Sheet again, a day's pickup made is never asked again.
import { z } from 'zod';
import type { PickupRequestStatus } from '#shop/parcel/index.ts';
import { pickupKey } from '../netlify/lib/pickups/service.ts';
import { submissionKey } from '../netlify/lib/submissions/once.ts';
import type { SiteTaskKind } from '../netlify/lib/tasks/site-tasks.ts';
import type { TaskRow, TaskState } from '../netlify/lib/tasks/task-view.ts';

/** A task row without an order as the migration inserts it (times as ISO strings; no claim holds it). */
export type SiteTaskRow = Omit<TaskRow, 'id' | 'order_id' | 'kind' | 'claim' | 'claimed_at'> & { kind: SiteTaskKind };

/** The `tasks` columns a SiteTaskRow fills, with their types; `order_id`, `claim` and `claimed_at` stay null. */
export const SITE_TASK_COLUMNS = [
  ['key', 'text'],
  ['kind', 'text'],
  ['state', 'text'],
  ['attempts', 'integer'],
  ['run_at', 'timestamptz'],
  ['armed_at', 'timestamptz'],
  ['first_attempt_at', 'timestamptz'],
  ['last_error', 'text'],
  ['payload', 'jsonb'],
  ['result', 'jsonb'],
  ['created_at', 'timestamptz'],
  ['updated_at', 'timestamptz'],
] as const;

/** The row a Blobs record becomes, or why it is not copied (a line among the run's problems). */
export type SiteTaskOf = { row: SiteTaskRow } | { problem: string };

/** The first thing a schema found wrong, in a line. */
export function why(error: z.ZodError): string {
  const issue = error.issues[0];
  return issue ? `${issue.path.join('.') || '(the record)'}: ${issue.message}` : 'not valid';
}

const time = z.iso.datetime({ offset: true });
const count = z.number().int().nonnegative();

/** A submission as submissions/once.ts kept it in Blobs (its schema before the tasks). */
const submissionSchema = z.object({
  kind: z.enum(['review', 'contact']),
  state: z.enum(['pending', 'sending', 'sent']),
  fingerprint: z.string().min(1),
  receivedAt: time,
  claimedAt: time.optional(),
  sentAt: time.optional(),
  attempts: count,
  lastError: z.string().optional(),
});
type SubmissionRecord = z.infer<typeof submissionSchema>;

const SUBMISSION_STATE: Record<SubmissionRecord['state'], TaskState> = {
  sent: 'done',
  // A Sheet write that failed (or a request that died before its claim): only the shopper's resend
  // holds the content, and it claims a task waiting to retry at once (claimTask's askedNow).
  pending: 'retry',
  // A claim left by a request that died (the shop takes no submissions while Blobs is read). As
  // `retry` the shopper's resend claims it at once and writes it; left `running`, every resend
  // would be answered BUSY until STALE_CLAIM_MS had passed. Should the dead request have written
  // its row, the resend writes one more, as taking over a stale claim in Blobs would have.
  sending: 'retry',
};

/**
 * The submission under Blobs key `<kind>-<id>` as its task (once.ts): the content's hash in the
 * payload (a resend with other content is refused), the first receipt as `created_at` (the Sheet
 * row's date, however late a resend comes).
 */
export function submissionTask(blobsKey: string, data: unknown): SiteTaskOf {
  const parsed = submissionSchema.safeParse(data);
  if (!parsed.success) return { problem: `not a submission (${why(parsed.error)})` };
  const record = parsed.data;
  if (!blobsKey.startsWith(`${record.kind}-`)) return { problem: `holds a ${record.kind}, not what its key names` };
  const state = SUBMISSION_STATE[record.state];
  const last = record.sentAt ?? record.claimedAt ?? record.receivedAt;
  return {
    row: {
      key: submissionKey(record.kind, blobsKey.slice(record.kind.length + 1)),
      kind: 'submission',
      state,
      attempts: record.attempts,
      run_at: last,
      armed_at: record.receivedAt,
      // Its first write was tried on receipt; a done task keeps none (SETTLE_ROW clears it).
      first_attempt_at: state !== 'done' && record.attempts > 0 ? record.receivedAt : null,
      last_error: record.lastError ?? null,
      payload: { fingerprint: record.fingerprint },
      result: record.state === 'sent' && record.sentAt ? { sentAt: record.sentAt } : {},
      created_at: record.receivedAt,
      updated_at: last,
    },
  };
}

/** A day's pickup as pickups/service.ts kept it in Blobs (its PickupDay before the tasks). */
const pickupSchema = z.object({
  date: z.iso.date(),
  status: z.enum(['requesting', 'requested', 'failed', 'gave-up']),
  time: z.string().regex(/^\d{2}:\d{2}:\d{2}$/),
  location: z.string().min(1),
  parcels: count,
  attempts: count,
  claimedAt: time,
  pickupId: z.string().optional(),
  duplicate: z.boolean().optional(),
  requestedAt: time.optional(),
  error: z.string().optional(),
  sheetStatus: z.string().optional(),
});

/**
 * service.ts's STATUS read backwards: the state whose day shows the status Blobs kept. A day left
 * `requesting` by a run that died is due again, as a failed one is: the next run that day asks
 * again, and Delhivery answers a repeat with the same pickup id, so the day still has one pickup.
 */
const PICKUP_STATE: Record<PickupRequestStatus, TaskState> = {
  requesting: 'retry',
  requested: 'done',
  failed: 'retry',
  'gave-up': 'given-up',
};

/**
 * The day under Blobs key `pickup-<date>` as its task (service.ts `pickupDay`): what was asked in
 * the payload, what came of it in the result, Delhivery's words in `last_error`. Blobs kept only
 * the last claim's time, which stands for when the day was first asked and when it was retried.
 */
export function pickupTask(blobsKey: string, data: unknown): SiteTaskOf {
  const parsed = pickupSchema.safeParse(data);
  if (!parsed.success) return { problem: `not a day's pickup (${why(parsed.error)})` };
  const { date, time, location, parcels, pickupId, duplicate, requestedAt, sheetStatus, ...day } = parsed.data;
  if (blobsKey !== `pickup-${date}`) return { problem: `holds the day ${date}, not what its key names` };
  const state = PICKUP_STATE[day.status];
  const came = { pickupId, duplicate, requestedAt, sheetStatus };
  return {
    row: {
      key: pickupKey(date),
      kind: 'pickup',
      state,
      attempts: day.attempts,
      // A day retried is due at once: Blobs asked again on the next run, with no back-off.
      run_at: day.claimedAt,
      armed_at: day.claimedAt,
      first_attempt_at: state !== 'done' && day.attempts > 0 ? day.claimedAt : null,
      last_error: day.error ?? null,
      payload: { date, time, location, parcels },
      result: Object.fromEntries(Object.entries(came).filter(([, value]) => value !== undefined)),
      created_at: day.claimedAt,
      updated_at: requestedAt ?? day.claimedAt,
    },
  };
}
