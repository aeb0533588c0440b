// `npm run migrate:orders`: each kind it copies and the database rows that count it, before and after.
import type { Queries } from '../../netlify/lib/platform/database.ts';

// ---------------------------------------------------------------------------------------------------
// The tally

/** Each kind, and the rows of the database it counts: a table, or the task rows of its kind (none counted twice). */
export const KINDS = [
  ['orders', 'orders'],
  ['order lines', 'order_lines'],
  ['order history', 'order_events'],
  ['tasks (forwards, notices)', 'tasks where order_id is not null'],
  ['Razorpay order index', 'razorpay_orders'],
  ['webhook events', 'webhook_events'],
  ['invoice series', 'document_series'],
  ['submissions', "tasks where order_id is null and kind = 'submission'"],
  ['pickups', "tasks where order_id is null and kind = 'pickup'"],
  ['WhatsApp opt-outs', 'whatsapp_opt_outs'],
  ['WhatsApp message refs', 'whatsapp_messages'],
  ['phone history entries', 'phone_orders'],
] as const;
export type Kind = (typeof KINDS)[number][0];

export interface KindCount {
  /** How many are in Blobs (or derived from what is: lines, tasks). */
  blobs: number;
  /** Written now (or, in a dry run, that would be). */
  written: number;
  /** In the database already: left as they are. */
  there: number;
  /** Not copied: each has its line among the problems, or a note. */
  skipped: number;
  dbBefore: number;
  dbAfter: number;
}

export interface MigrationResult {
  dryRun: boolean;
  counts: Record<Kind, KindCount>;
  /** A line per thing not copied. */
  problems: string[];
  /** What is worth knowing but nothing failed (a series raised, entries left out on purpose). */
  notes: string[];
}

export async function tableCounts(db: Queries): Promise<Record<Kind, number>> {
  const [row] = await db.query<Record<string, number>>(
    `select ${KINDS.map(([, rows], n) => `(select count(*)::int from ${rows}) as c${n}`).join(', ')}`,
  );
  return Object.fromEntries(KINDS.map(([kind], n) => [kind, row?.[`c${n}`] ?? 0])) as Record<Kind, number>;
}
