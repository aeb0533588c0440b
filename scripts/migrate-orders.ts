// `npm run migrate:orders -- [--dry-run] [--blobs-dir <folder>]`: every order of the old Netlify Blobs
// order log, and what the shop kept beside it, copied into Netlify Database (issue 47, decision 031):
//
// - the orders (store `orders`, `order-<id>`): each written by the order log's own `create` (its record,
//   lines and history; its forwards and notices become `tasks` rows), and its tasks then set to the
//   state the Blobs record shows (a notice sent stays sent: never sent again), in one transaction;
// - the Razorpay order index (`razorpay-<id>`), the webhook events (`webhook-event-<id>`), the invoice
//   and credit-note counters (`<series>-serial-<year>`: the highest number in use, never lowering a row);
// - the review and contact submissions (store `submissions`, `<kind>-<id>`) and the days' pickups
//   (store `pickups`, `pickup-<date>`): each a task row without an order (`submission/<kind>-<id>`,
//   `pickup/<date>`; migrate-site-tasks.ts), as the shop keeps them now: one sent or made stays done;
// - WhatsApp opt-outs (store `whatsapp`, `optout-<phone>`), the WhatsApp message refs (rebuilt from
//   each order's notices: the store keeps only a hash of each message id), and the phone histories of
//   the COD rules (store `cod-history`, `phone-<sha256 of the phone>`: matched to a phone through the
//   orders).
// The log's derived markers (`open-`, `attention-`, `parcel-`, `refund-`) and the decoy are not copied.
//
// From the site's Blobs when NETLIFY_SITE_ID and NETLIFY_AUTH_TOKEN are set (a personal access token
// of a member of the site's team; NETLIFY_API_URL for another API host), otherwise from the local
// sandbox of `npm start` and `netlify dev`, `.netlify/blobs-serve` (or `--blobs-dir`). Into the
// database at NETLIFY_DB_URL (production's connection string, copied from Netlify), otherwise into the
// local database of `npm run dev`, `.netlify/db` (LOCAL_DB_DIR another; stop the dev server first).
// The site's Blobs go only to NETLIFY_DB_URL, and the local sandbox goes there only when named with
// `--blobs-dir`, so that neither shop's orders land in the other's database by a forgotten variable.
//
// Safe to run again: nothing is written twice and nothing in the database is overwritten (an order
// there already is left as it is, and so is a submission's or a day's task the shop wrote itself).
// `--dry-run` reads everything and writes nothing. Either way it prints, per kind, the count in Blobs,
// what it writes (or would), what was already there, and the database's count before and after (the
// task rows counted once: forwards and notices under their orders, submissions and pickups each under
// their kind), and a line for each thing it could not copy; it goes on past them, and ends with exit
// code 1 if there was any.
//
// Node 24 runs this TypeScript as it is (type stripping), like the modules it imports.
import { createHash } from 'node:crypto';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { getStore } from '@netlify/blobs';
import { BlobsServer } from '@netlify/blobs/server';
import { z } from 'zod';
import { financialYear, SERIAL_PATTERN, serialIndex } from '#shop/invoice-numbers.ts';
import { forwardKey, noticeTaskKey } from '#shop/order-engine/task-keys.ts';
import type { ForwardState, StoredOrder } from '#shop/order-record.ts';
import { FORWARD_KINDS } from '#shop/order-record.ts';
import { indianMobile } from '#shop/phone.ts';
import { createOrderLog } from '../netlify/lib/orders/order-log.ts';
import type { Database, Queries } from '../netlify/lib/platform/database.ts';
import { TASK_STATE_OF_NOTICE, taskWrites } from '../netlify/lib/tasks/order-tasks.ts';
import type { TaskState } from '../netlify/lib/tasks/task-view.ts';
import { pickupTask, SITE_TASK_COLUMNS, type SiteTaskOf, submissionTask, why } from './migrate-site-tasks.ts';
import { openOrders, runIfCommand } from './report-returns.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
/** Where `npm start` and `netlify dev` kept the local Blobs, under site id 0. */
const LOCAL_SANDBOX = '.netlify/blobs-serve';
const LOCAL_SITE_ID = '0';
/** Blobs read at once: the site's API answers one request per entry. */
const READ_CONCURRENCY = 8;
/** The claim a task being sent when Blobs was read is left under: no runner holds it, so one takes it over once stale. */
const MIGRATED_CLAIM = 'migrated-from-blobs';

// ---------------------------------------------------------------------------------------------------
// Reading Blobs

/** One Blobs entry: its JSON, or why it could not be read. */
type Entry = { key: string; data: unknown } | { key: string; problem: string };

interface BlobsSource {
  /** Every entry of a store, each parsed (an unreadable one says why). */
  read(store: string): Promise<Entry[]>;
  where: string;
  close(): Promise<void>;
}

interface RawStore {
  list(): Promise<{ blobs: { key: string }[] }>;
  get(key: string, options: { type: 'text' }): Promise<string | null>;
}

async function mapLimited<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next;
      next += 1;
      results[index] = await work(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

function sourceOn(open: (store: string) => RawStore, where: string, close: () => Promise<void>): BlobsSource {
  return {
    where,
    close,
    async read(name) {
      const store = open(name);
      const { blobs } = await store.list();
      const keys = blobs.map((blob) => blob.key).sort();
      return mapLimited(keys, READ_CONCURRENCY, async (key): Promise<Entry> => {
        let text: string | null;
        try {
          text = await store.get(key, { type: 'text' });
        } catch (error) {
          return { key, problem: `could not be read (${(error as Error).message})` };
        }
        if (text === null) return { key, problem: 'listed, but gone when read' };
        try {
          return { key, data: JSON.parse(text) };
        } catch (error) {
          return { key, problem: `unreadable JSON (${(error as Error).message})` };
        }
      });
    },
  };
}

/**
 * The site's Blobs (NETLIFY_SITE_ID, NETLIFY_AUTH_TOKEN; NETLIFY_API_URL for another API host), or the
 * local sandbox in `directory`, served for this run by Netlify's own Blobs server.
 */
async function openBlobs(env: Record<string, string | undefined>, directory: string): Promise<BlobsSource> {
  const siteID = env.NETLIFY_SITE_ID?.trim();
  const token = env.NETLIFY_AUTH_TOKEN?.trim();
  if (siteID && token) {
    const apiURL = env.NETLIFY_API_URL?.trim();
    return sourceOn(
      (name) => getStore({ name, siteID, token, ...(apiURL ? { apiURL } : {}) }) as unknown as RawStore,
      `the Blobs of site ${siteID}`,
      async () => {},
    );
  }
  const localToken = 'migrate-orders';
  const server = new BlobsServer({ directory, token: localToken, logger: () => undefined });
  const { port } = await server.start();
  const apiURL = `http://localhost:${port}`;
  return sourceOn(
    (name) => getStore({ name, siteID: LOCAL_SITE_ID, token: localToken, apiURL }) as unknown as RawStore,
    `the local Blobs sandbox (${path.relative(process.cwd(), directory) || '.'})`,
    () => server.stop(),
  );
}

// ---------------------------------------------------------------------------------------------------
// What a copied entry must hold

const time = z.iso.datetime({ offset: true });
const count = z.number().int().nonnegative();

const forwardSchema = z.looseObject({
  status: z.enum(['pending', 'sending', 'done', 'failed', 'needs-attention', 'not-sent']),
  attempts: count,
  lastError: z.string().optional(),
  at: time.optional(),
  claimedAt: time.optional(),
  firstAttemptAt: time.optional(),
  nextAttemptAt: time.optional(),
  waybill: z.string().optional(),
  syncedStatus: z.string().optional(),
  syncedCells: z.string().optional(),
});

const noticeSchema = z.looseObject({
  channel: z.enum(['email', 'whatsapp']),
  event: z.string(),
  status: z.enum(['pending', 'sending', 'sent', 'failed', 'skipped', 'gave-up']),
  attempts: count,
  createdAt: time,
  claimedAt: time.optional(),
  nextAttemptAt: time.optional(),
  at: time.optional(),
  lastError: z.string().optional(),
  messageId: z.string().optional(),
  delivery: z.looseObject({ status: z.string(), at: z.string() }).optional(),
});

const documentSchema = z.looseObject({
  number: z.string().regex(SERIAL_PATTERN),
  date: z.iso.date(),
  financialYear: z.string().optional(),
});

/** What the database's columns and the order log's `create` read of a record; the rest is kept as it is. */
const orderSchema = z.looseObject({
  orderId: z.string().regex(/^[A-Za-z0-9_-]+$/),
  status: z.enum(['pending', 'paid', 'forwarded', 'expired', 'cancelled']),
  mode: z.enum(['prepaid', 'cod']),
  createdAt: time,
  updatedAt: time,
  customer: z.looseObject({ phone: z.string() }),
  lines: z.array(
    z.looseObject({ productId: z.number().int(), size: z.string(), quantity: z.number().int().positive() }),
  ),
  totals: z.looseObject({ total: z.number() }),
  forwards: z.looseObject({
    sheet: forwardSchema,
    shipment: forwardSchema,
    email: forwardSchema.optional(),
    invoice: forwardSchema.optional(),
  }),
  notices: z.record(z.string(), noticeSchema).optional(),
  history: z.array(z.looseObject({ at: z.string(), event: z.string() })),
  invoice: documentSchema.optional(),
  creditNote: documentSchema.optional(),
  earlierShipments: z.array(z.looseObject({ waybill: z.string(), reference: z.string(), bookedAt: time })).optional(),
  parcel: z.looseObject({ state: z.string(), changes: z.array(z.unknown()) }).optional(),
});

const counterSchema = z.looseObject({
  last: count,
  pending: z.looseObject({ number: z.string(), orderId: z.string() }).optional(),
});
const razorpaySchema = z.looseObject({ orderId: z.string().min(1) });
const webhookEventSchema = z.looseObject({ at: time });
const optOutSchema = z.looseObject({ out: z.boolean(), at: time });
const phoneRecordSchema = z.looseObject({
  orders: z.array(
    z.looseObject({
      orderId: z.string().min(1),
      at: time,
      total: z.number(),
      mode: z.enum(['prepaid', 'cod']),
      outcome: z.string().optional(),
    }),
  ),
});

// ---------------------------------------------------------------------------------------------------
// The tally

/** Each kind, and the rows of the database it counts: a table, or the task rows of its kind (none counted twice). */
const KINDS = [
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

interface KindCount {
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

async function tableCounts(db: Queries): Promise<Record<Kind, number>> {
  const [row] = await db.query<Record<string, number>>(
    `select ${KINDS.map(([, rows], n) => `(select count(*)::int from ${rows}) as c${n}`).join(', ')}`,
  );
  return Object.fromEntries(KINDS.map(([kind], n) => [kind, row?.[`c${n}`] ?? 0])) as Record<Kind, number>;
}

// ---------------------------------------------------------------------------------------------------
// Tasks as the Blobs record shows them

const TASK_OF_FORWARD: Record<ForwardState['status'], TaskState | null> = {
  pending: null, // as `create` made it: pending, or waiting while not ready
  sending: 'running',
  done: 'done',
  failed: 'retry',
  'needs-attention': 'given-up',
  'not-sent': null, // `create` makes no task
};

/** A task row as the Blobs record shows it; a null leaves the column as `create` wrote it. */
interface TaskFix {
  key: string;
  state: TaskState | null;
  attempts: number;
  last_error: string | null;
  claimed_at: string;
  first_attempt_at: string | null;
  run_at: string | null;
  result: Record<string, unknown>;
  created_at: string | null;
  updated_at: string | null;
}

/**
 * `create` inserts each forward as pending (or waiting) and each notice as pending: right for a new
 * order, not for one whose email went out a month ago. These set each task to what the Blobs record
 * says, so nothing done is done again; one being sent (`sending`) is left running under a claim no
 * runner holds, which goes stale, and a runner takes it over as it would have in Blobs.
 */
const SETTLE_TASKS = `
  update tasks t set state = coalesce(s.state, t.state), attempts = s.attempts, last_error = s.last_error,
    claim = case when s.state = 'running' then '${MIGRATED_CLAIM}' end,
    claimed_at = case when s.state = 'running' then s.claimed_at end,
    first_attempt_at = s.first_attempt_at, run_at = coalesce(s.run_at, t.run_at), result = s.result,
    created_at = coalesce(s.created_at, t.created_at), updated_at = coalesce(s.updated_at, t.updated_at)
  from jsonb_to_recordset($2::jsonb) as s(key text, state text, attempts int, last_error text,
    claimed_at timestamptz, first_attempt_at timestamptz, run_at timestamptz, result jsonb,
    created_at timestamptz, updated_at timestamptz)
  where t.key = s.key and t.order_id = $1`;

function taskFixes(order: StoredOrder): TaskFix[] {
  const fixes: TaskFix[] = [];
  for (const kind of FORWARD_KINDS) {
    const forward = order.forwards[kind];
    if (!forward || forward.status === 'not-sent') continue;
    const state = TASK_OF_FORWARD[forward.status];
    fixes.push({
      key: forwardKey(order, kind),
      state,
      attempts: forward.attempts,
      last_error: forward.lastError ?? null,
      claimed_at: forward.claimedAt ?? forward.at ?? order.updatedAt,
      first_attempt_at: forward.firstAttemptAt ?? null,
      run_at: state === 'retry' ? (forward.nextAttemptAt ?? order.updatedAt) : null,
      result: {
        ...(forward.waybill ? { waybill: forward.waybill } : {}),
        ...(forward.syncedStatus ? { syncedStatus: forward.syncedStatus } : {}),
        ...(forward.syncedCells ? { syncedCells: forward.syncedCells } : {}),
      },
      created_at: null,
      updated_at: forward.at ?? null,
    });
  }
  for (const [key, notice] of Object.entries(order.notices ?? {})) {
    const state = TASK_STATE_OF_NOTICE[notice.status];
    fixes.push({
      key: noticeTaskKey(order.orderId, key),
      state,
      attempts: notice.attempts,
      last_error: notice.lastError ?? null,
      claimed_at: notice.claimedAt ?? notice.at ?? order.updatedAt,
      first_attempt_at: null,
      run_at: state === 'retry' ? (notice.nextAttemptAt ?? order.updatedAt) : null,
      result: {
        ...(notice.messageId ? { messageId: notice.messageId } : {}),
        ...(notice.delivery ? { delivery: notice.delivery } : {}),
      },
      // A notice's retries stop a day after it was earned (tasks/runner.ts): when Blobs says it was.
      created_at: notice.createdAt,
      updated_at: notice.at ?? null,
    });
  }
  return fixes;
}

/** The order log on a transaction: `create` and `get` run only single statements. */
function logOn(tx: Queries) {
  const db: Database = {
    query: (text, params) => tx.query(text, params),
    transaction: (work) => work(tx),
    statements: 0,
    close: async () => {},
  };
  return createOrderLog(db);
}

// ---------------------------------------------------------------------------------------------------
// Reading the log

const ORDER_KEY = /^order-(.+)$/;
const RAZORPAY_KEY = /^razorpay-(.+)$/;
const EVENT_KEY = /^webhook-event-(.+)$/;
const SERIES_KEY = /^(invoice|credit-note)-serial-(\d{4}-\d{2})$/;
const MARKER_KEY = /^(open|attention|parcel|refund)-/;
const DECOY_KEY = 'decoy-order';
const SUBMISSION_KEY = /^(review|contact)-.+$/;
const PICKUP_KEY = /^pickup-\d{4}-\d{2}-\d{2}$/;
const OPT_OUT_KEY = /^optout-(.+)$/;
const MESSAGE_KEY = /^message-([0-9a-f]{64})$/;
const PHONE_KEY = /^phone-([0-9a-f]{64})$/;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const phoneDigits = (phone: string) => indianMobile(phone) ?? phone;
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

type Readable = { key: string; data: unknown };

/** A run's tally and its lines, with the database it writes to. */
interface Run {
  db: Database;
  dryRun: boolean;
  counts: Record<Kind, KindCount>;
  problems: string[];
  notes: string[];
}

/** A thing not copied: its line, and a count under its kind (none: a key of no kind). */
function problem(run: Run, kind: Kind | undefined, line: string): void {
  if (kind) run.counts[kind].skipped += 1;
  run.problems.push(line);
}

function readable(run: Run, kind: Kind | undefined, store: string, entry: Entry): entry is Readable {
  if ('data' in entry) return true;
  problem(run, kind, `${store}/${entry.key}: ${entry.problem}; not copied`);
  return false;
}

/** The `orders` store sorted by what each key holds. */
interface OrderStore {
  orders: StoredOrder[];
  /** Every order record that could be parsed, valid or not: the numbers and phones it holds are in use. */
  parsed: Record<string, unknown>[];
  razorpay: (Readable & { id: string })[];
  events: { key: string; id: string; data: unknown }[];
  counters: Readable[];
}

function sortOrderStore(run: Run, entries: readonly Entry[]): OrderStore {
  const store: OrderStore = { orders: [], parsed: [], razorpay: [], events: [], counters: [] };
  let markers = 0;
  let decoy = false;
  for (const entry of entries) {
    const { key } = entry;
    const order = ORDER_KEY.exec(key);
    const index = RAZORPAY_KEY.exec(key);
    const event = EVENT_KEY.exec(key);
    if (order) {
      run.counts.orders.blobs += 1;
      if (!readable(run, 'orders', 'orders', entry)) continue;
      if (entry.data && typeof entry.data === 'object') store.parsed.push(entry.data as Record<string, unknown>);
      const parsed = orderSchema.safeParse(entry.data);
      if (!parsed.success)
        problem(run, 'orders', `orders/${key}: not a valid order (${why(parsed.error)}); not copied`);
      else if (parsed.data.orderId !== order[1])
        problem(run, 'orders', `orders/${key}: holds order ${parsed.data.orderId}, not ${order[1]}; not copied`);
      else store.orders.push(entry.data as StoredOrder);
    } else if (index?.[1]) {
      run.counts['Razorpay order index'].blobs += 1;
      if (readable(run, 'Razorpay order index', 'orders', entry)) store.razorpay.push({ ...entry, id: index[1] });
    } else if (event?.[1]) {
      run.counts['webhook events'].blobs += 1;
      // An event's id is what matters (its time only says when): an unreadable one is still remembered.
      store.events.push({ key, id: event[1], data: 'data' in entry ? entry.data : undefined });
      if (!('data' in entry)) run.notes.push(`orders/${key}: ${entry.problem}; its id copied, at the time of this run`);
    } else if (SERIES_KEY.test(key)) {
      // Counted with the series the orders' numbers show (copySeries), which still count without it.
      store.counters.push({ key, data: 'data' in entry ? entry.data : undefined });
      if (!('data' in entry))
        problem(run, 'invoice series', `orders/${key}: ${entry.problem}; its orders' numbers still count`);
    } else if (MARKER_KEY.test(key)) {
      markers += 1;
    } else if (key === DECOY_KEY) {
      decoy = true;
    } else {
      problem(run, undefined, `orders/${key}: not a kind this migration knows; not copied`);
    }
  }
  if (markers > 0 || decoy) {
    run.notes.push(
      `${plural(markers, 'marker')} (open-, attention-, parcel-, refund-)${decoy ? ' and the decoy' : ''} not copied: the database derives them`,
    );
  }
  return store;
}

// ---------------------------------------------------------------------------------------------------
// Writing

/** Rows put in one statement. */
const BATCH = 500;

interface Table {
  name: string;
  /** Each column with its type, as the rows' JSON holds it (jsonb: as it is). */
  columns: readonly (readonly [string, string])[];
  /** The columns of its unique key: a row whose key is there is left as it is. */
  key: readonly string[];
}

const field = ([name, type]: readonly [string, string]) =>
  type === 'jsonb' ? `e.v->'${name}'` : `(e.v->>'${name}')::${type}`;

/**
 * Inserts `rows` into the table in their order, each unless its key is there already; in a dry run,
 * only counts which would be. Tallies them under `kind` as written or already there.
 */
async function putRows(run: Run, kind: Kind, table: Table, rows: readonly Record<string, unknown>[]): Promise<void> {
  const elements = 'jsonb_array_elements($1::jsonb) with ordinality as e(v, n)';
  for (let start = 0; start < rows.length; start += BATCH) {
    const chunk = rows.slice(start, start + BATCH);
    let written: number;
    if (run.dryRun) {
      const match = table.key
        .map((column) => `t.${column} = ${field(table.columns.find(([name]) => name === column) ?? [column, 'text'])}`)
        .join(' and ');
      const [row] = await run.db.query<{ there: number }>(
        `select count(*)::int as there from ${elements} where exists (select 1 from ${table.name} t where ${match})`,
        [JSON.stringify(chunk)],
      );
      written = chunk.length - (row?.there ?? 0);
    } else {
      const inserted = await run.db.query(
        `insert into ${table.name} (${table.columns.map(([name]) => name).join(', ')})
         select ${table.columns.map(field).join(', ')} from ${elements} order by e.n
         on conflict (${table.key.join(', ')}) do nothing returning 1`,
        [JSON.stringify(chunk)],
      );
      written = inserted.length;
    }
    run.counts[kind].written += written;
    run.counts[kind].there += chunk.length - written;
  }
}

/**
 * Each order by the log's own `create` with its tasks set as Blobs shows them, in one transaction;
 * one in the database already is left as it is. Answers the ids in the database after it.
 */
async function copyOrders(run: Run, orders: readonly StoredOrder[]): Promise<Set<string>> {
  const ids = orders.map((order) => order.orderId);
  const there = new Set(
    (
      await run.db.query<{ order_id: string }>('select order_id from orders where order_id = any($1::text[])', [ids])
    ).map((row) => row.order_id),
  );
  const present = new Set(there);
  const { counts } = run;
  for (const order of orders) {
    const tasks = taskWrites(undefined, order, []).length;
    counts['order lines'].blobs += order.lines.length;
    counts['order history'].blobs += order.history.length;
    counts['tasks (forwards, notices)'].blobs += tasks;
    if (there.has(order.orderId)) {
      counts.orders.there += 1;
      continue;
    }
    try {
      const created =
        run.dryRun ||
        (await run.db.transaction(async (tx) => {
          const result = await logOn(tx).create(order);
          if (result.created) await tx.query(SETTLE_TASKS, [order.orderId, JSON.stringify(taskFixes(order))]);
          return result.created;
        }));
      present.add(order.orderId);
      if (!created) {
        counts.orders.there += 1;
        continue;
      }
      counts.orders.written += 1;
      counts['order lines'].written += order.lines.length;
      counts['order history'].written += order.history.length;
      counts['tasks (forwards, notices)'].written += tasks;
    } catch (error) {
      problem(run, 'orders', `orders/order-${order.orderId}: not written (${(error as Error).message})`);
    }
  }
  return present;
}

/** The Razorpay order index (a webhook or a late payment names one of an order's Razorpay orders). */
async function copyRazorpayIndex(run: Run, entries: OrderStore['razorpay'], present: Set<string>): Promise<void> {
  const kind = 'Razorpay order index';
  const known = new Map(
    (
      await run.db.query<{ razorpay_order_id: string; order_id: string }>(
        'select razorpay_order_id, order_id from razorpay_orders where razorpay_order_id = any($1::text[])',
        [entries.map((entry) => entry.id)],
      )
    ).map((row) => [row.razorpay_order_id, row.order_id]),
  );
  const named = entries.map((entry) => razorpaySchema.safeParse(entry.data).data?.orderId ?? '');
  const inDatabase = new Set(
    (
      await run.db.query<{ order_id: string }>('select order_id from orders where order_id = any($1::text[])', [named])
    ).map((row) => row.order_id),
  );
  const rows: Record<string, unknown>[] = [];
  for (const { key, id, data } of entries) {
    const parsed = razorpaySchema.safeParse(data);
    if (!parsed.success) {
      problem(run, kind, `orders/${key}: not an index entry (${why(parsed.error)}); not copied`);
      continue;
    }
    const orderId = parsed.data.orderId;
    const there = known.get(id);
    if (there !== undefined && there !== orderId) {
      run.problems.push(`orders/${key}: names ${orderId}, the database ${there}: the database's kept`);
    }
    if (there === undefined && !present.has(orderId) && !inDatabase.has(orderId)) {
      problem(run, kind, `orders/${key}: its order ${orderId} is not in the database; not copied`);
      continue;
    }
    rows.push({ razorpay_order_id: id, order_id: orderId });
  }
  await putRows(
    run,
    kind,
    {
      name: 'razorpay_orders',
      columns: [
        ['razorpay_order_id', 'text'],
        ['order_id', 'text'],
      ],
      key: ['razorpay_order_id'],
    },
    rows,
  );
}

/** Webhook events handled (Razorpay's, Meta's, staff actions'): a replay of one is not handled again. */
async function copyEvents(run: Run, events: OrderStore['events']): Promise<void> {
  const now = new Date().toISOString();
  const rows = events.map(({ key, id, data }) => {
    const parsed = webhookEventSchema.safeParse(data);
    if (data !== undefined && !parsed.success) run.notes.push(`orders/${key}: no time in it; copied at this run's`);
    return { event_id: id, at: parsed.data?.at ?? now };
  });
  await putRows(
    run,
    'webhook events',
    {
      name: 'webhook_events',
      columns: [
        ['event_id', 'text'],
        ['at', 'timestamptz'],
      ],
      key: ['event_id'],
    },
    rows,
  );
}

/** The series' key and number a document on an order holds (`invoice-serial-2026-27`, 123). */
function numbered(kind: 'invoice' | 'credit-note', document: unknown): { key: string; n: number } | undefined {
  const parsed = documentSchema.safeParse(document);
  if (!parsed.success) return undefined;
  const year = parsed.data.financialYear ?? financialYear(parsed.data.date).id;
  const n = serialIndex(parsed.data.number);
  return Number.isInteger(n) && n > 0 ? { key: `${kind}-serial-${year}`, n } : undefined;
}

/**
 * The invoice and credit-note series: each at the highest number in use, on its counter or on an
 * order. A counter's pending document counts only if its order holds it (the next taker in Blobs
 * would have reused a number whose document never reached its order). A row is only ever raised.
 */
async function copySeries(run: Run, store: OrderStore): Promise<void> {
  const kind = 'invoice series';
  const highest = new Map<string, number>();
  const raise = (key: string, n: number) => highest.set(key, Math.max(highest.get(key) ?? 0, n));
  const holds = new Set<string>();
  for (const order of store.parsed) {
    for (const [series, document] of [
      ['invoice', order.invoice],
      ['credit-note', order.creditNote],
    ] as const) {
      const found = numbered(series, document);
      if (found) raise(found.key, found.n);
      const number = (document as { number?: unknown } | undefined)?.number;
      if (typeof number === 'string') holds.add(`${order.orderId}:${number}`);
    }
  }
  const read = new Set(store.parsed.map((order) => order.orderId));
  for (const { key, data } of store.counters) {
    const parsed = counterSchema.safeParse(data);
    if (data === undefined) continue; // told as it was read
    if (!parsed.success) {
      problem(run, kind, `orders/${key}: not a counter (${why(parsed.error)}); its orders' numbers still count`);
      continue;
    }
    const { last, pending } = parsed.data;
    let inUse = last;
    if (pending && serialIndex(pending.number) === last) {
      if (!read.has(pending.orderId)) {
        run.notes.push(
          `orders/${key}: pending ${pending.number}'s order ${pending.orderId} unread: counted, to be safe`,
        );
      } else if (!holds.has(`${pending.orderId}:${pending.number}`)) {
        inUse = last - 1;
        run.notes.push(`orders/${key}: pending ${pending.number} is not on order ${pending.orderId}: not counted`);
      }
    }
    raise(key, inUse);
  }
  run.counts[kind].blobs = new Set([...store.counters.map((counter) => counter.key), ...highest.keys()]).size;
  for (const [key, last] of [...highest].sort(([a], [b]) => a.localeCompare(b))) {
    if (last <= 0) continue;
    const [row] = await run.db.query<{ last: number }>('select last from document_series where series = $1', [key]);
    if (row && row.last >= last) {
      run.counts[kind].there += 1;
      continue;
    }
    if (!run.dryRun) {
      await run.db.query(
        `insert into document_series (series, last) values ($1, $2)
         on conflict (series) do update set last = excluded.last where document_series.last < excluded.last`,
        [key, last],
      );
    }
    run.counts[kind].written += 1;
    run.notes.push(
      `document_series ${key}: ${run.dryRun ? 'would be ' : ''}${row ? `raised from ${row.last} to` : 'set at'} ${last}`,
    );
  }
}

/**
 * Submissions and the days' pickups: each a task row without an order (migrate-site-tasks.ts); one
 * whose key is there already (the shop wrote it since) is left as it is.
 */
async function copySiteTasks(
  run: Run,
  kind: 'submissions' | 'pickups',
  entries: readonly Entry[],
  pattern: RegExp,
  taskOf: (key: string, data: unknown) => SiteTaskOf,
): Promise<void> {
  const rows: Record<string, unknown>[] = [];
  for (const entry of entries) {
    if (!pattern.test(entry.key)) {
      problem(run, undefined, `${kind}/${entry.key}: not a kind this migration knows; not copied`);
      continue;
    }
    run.counts[kind].blobs += 1;
    if (!readable(run, kind, kind, entry)) continue;
    const task = taskOf(entry.key, entry.data);
    if ('row' in task) rows.push(task.row);
    else problem(run, kind, `${kind}/${entry.key}: ${task.problem}; not copied`);
  }
  await putRows(run, kind, { name: 'tasks', columns: SITE_TASK_COLUMNS, key: ['key'] }, rows);
}

/**
 * WhatsApp: who said STOP, and which order each sent message belongs to. Blobs kept a message only
 * under its id's hash, so the refs are made again from the ids on the copied orders' notices.
 */
async function copyWhatsApp(
  run: Run,
  entries: readonly Entry[],
  orders: readonly StoredOrder[],
  present: Set<string>,
): Promise<void> {
  const hashes = new Set<string>();
  const optOuts: Record<string, unknown>[] = [];
  for (const entry of entries) {
    const message = MESSAGE_KEY.exec(entry.key)?.[1];
    const phone = OPT_OUT_KEY.exec(entry.key)?.[1];
    if (message) {
      run.counts['WhatsApp message refs'].blobs += 1;
      hashes.add(message);
    } else if (!phone) {
      problem(run, undefined, `whatsapp/${entry.key}: not a kind this migration knows; not copied`);
    } else {
      run.counts['WhatsApp opt-outs'].blobs += 1;
      if (!readable(run, 'WhatsApp opt-outs', 'whatsapp', entry)) continue;
      const parsed = optOutSchema.safeParse(entry.data);
      if (parsed.success) optOuts.push({ phone, opted_out: parsed.data.out, at: parsed.data.at });
      else
        problem(run, 'WhatsApp opt-outs', `whatsapp/${entry.key}: not an opt-out (${why(parsed.error)}); not copied`);
    }
  }
  await putRows(
    run,
    'WhatsApp opt-outs',
    {
      name: 'whatsapp_opt_outs',
      columns: [
        ['phone', 'text'],
        ['opted_out', 'boolean'],
        ['at', 'timestamptz'],
      ],
      key: ['phone'],
    },
    optOuts,
  );

  const messages: Record<string, unknown>[] = [];
  for (const order of orders) {
    if (!present.has(order.orderId)) continue;
    for (const [key, notice] of Object.entries(order.notices ?? {})) {
      if (!notice.messageId) continue;
      hashes.delete(sha256(notice.messageId));
      messages.push({ message_id: notice.messageId, order_id: order.orderId, notice_key: key });
    }
  }
  await putRows(
    run,
    'WhatsApp message refs',
    {
      name: 'whatsapp_messages',
      columns: [
        ['message_id', 'text'],
        ['order_id', 'text'],
        ['notice_key', 'text'],
      ],
      key: ['message_id'],
    },
    messages,
  );
  if (hashes.size > 0) {
    run.counts['WhatsApp message refs'].skipped += hashes.size;
    run.notes.push(
      `${plural(hashes.size, 'WhatsApp message ref')} in Blobs named no message of a copied order's notices: not copied (a hash cannot be reversed)`,
    );
  }
}

/**
 * The COD rules' phone histories: each kept under a hash of the phone's 10 digits, found again
 * through the phones on the orders. One that matches no order's phone is skipped, and counted.
 */
async function copyPhoneHistories(run: Run, entries: readonly Entry[], parsed: OrderStore['parsed']): Promise<void> {
  const kind = 'phone history entries';
  const phones = new Map<string, string>();
  for (const order of parsed) {
    const phone = (order.customer as { phone?: unknown } | undefined)?.phone;
    if (typeof phone === 'string') phones.set(sha256(phoneDigits(phone)), phoneDigits(phone));
  }
  const rows: Record<string, unknown>[] = [];
  let histories = 0;
  let skipped = 0;
  for (const entry of entries) {
    const hash = PHONE_KEY.exec(entry.key)?.[1];
    if (!hash) {
      problem(run, undefined, `cod-history/${entry.key}: not a kind this migration knows; not copied`);
      continue;
    }
    if (!readable(run, undefined, 'cod-history', entry)) continue;
    const history = phoneRecordSchema.safeParse(entry.data);
    if (!history.success) {
      problem(run, undefined, `cod-history/${entry.key}: not a phone history (${why(history.error)}); not copied`);
      continue;
    }
    const { orders } = history.data;
    run.counts[kind].blobs += orders.length;
    const phone = phones.get(hash);
    if (!phone) {
      histories += 1;
      skipped += orders.length;
      continue;
    }
    for (const known of orders) {
      rows.push({
        phone,
        order_id: known.orderId,
        at: known.at,
        total: known.total,
        mode: known.mode,
        outcome: known.outcome ?? null,
      });
    }
  }
  await putRows(
    run,
    kind,
    {
      name: 'phone_orders',
      columns: [
        ['phone', 'text'],
        ['order_id', 'text'],
        ['at', 'timestamptz'],
        ['total', 'numeric'],
        ['mode', 'text'],
        ['outcome', 'text'],
      ],
      key: ['phone', 'order_id'],
    },
    rows,
  );
  if (histories > 0) {
    run.counts[kind].skipped += skipped;
    run.notes.push(
      `${plural(histories, 'phone history', 'phone histories')} (${plural(skipped, 'entry', 'entries')}) matched the phone of no order in Blobs: skipped`,
    );
  }
}

/** Copies the whole log from `source` into `db` (or, `dryRun`, only counts what it would write). */
async function migrate(source: BlobsSource, db: Database, dryRun: boolean): Promise<MigrationResult> {
  const counts = Object.fromEntries(
    KINDS.map(([kind]) => [kind, { blobs: 0, written: 0, there: 0, skipped: 0, dbBefore: 0, dbAfter: 0 }]),
  ) as Record<Kind, KindCount>;
  const run: Run = { db, dryRun, counts, problems: [], notes: [] };
  const before = await tableCounts(db);
  // Everything from Blobs first: the orders are what the other kinds are checked against.
  const [orderEntries = [], historyEntries = [], whatsappEntries = [], submissionEntries = [], pickupEntries = []] =
    await Promise.all(['orders', 'cod-history', 'whatsapp', 'submissions', 'pickups'].map((name) => source.read(name)));
  const store = sortOrderStore(run, orderEntries);

  const present = await copyOrders(run, store.orders);
  await copyRazorpayIndex(run, store.razorpay, present);
  await copyEvents(run, store.events);
  await copySeries(run, store);
  await copySiteTasks(run, 'submissions', submissionEntries, SUBMISSION_KEY, submissionTask);
  await copySiteTasks(run, 'pickups', pickupEntries, PICKUP_KEY, pickupTask);
  await copyWhatsApp(run, whatsappEntries, store.orders, present);
  await copyPhoneHistories(run, historyEntries, store.parsed);

  const after = dryRun ? before : await tableCounts(db);
  for (const [kind] of KINDS) {
    counts[kind].dbBefore = before[kind];
    counts[kind].dbAfter = after[kind];
  }
  return { dryRun, counts, problems: run.problems, notes: run.notes };
}

// ---------------------------------------------------------------------------------------------------
// The command

/** The counts as a table, then the notes and the problems, a line each. */
function formatResult(result: MigrationResult, from: string, into: string): string {
  const header = [
    'kind',
    'in Blobs',
    result.dryRun ? 'would write' : 'written',
    'already there',
    'not copied',
    'database before',
    'after',
  ];
  const rows = KINDS.map(([kind]) => {
    const count = result.counts[kind];
    return [kind, count.blobs, count.written, count.there, count.skipped, count.dbBefore, count.dbAfter].map(String);
  });
  const widths = header.map((cell, column) => Math.max(cell.length, ...rows.map((row) => (row[column] ?? '').length)));
  const line = (cells: readonly string[]) =>
    `  ${cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[0] ?? 0) : cell.padStart(widths[column] ?? 0))).join('  ')}`;
  const written = KINDS.reduce((sum, [kind]) => sum + result.counts[kind].written, 0);
  return [
    `${result.dryRun ? 'Dry run (nothing written): ' : ''}orders from ${from} into ${into}`,
    '',
    line(header),
    ...rows.map(line),
    ...(result.notes.length > 0 ? ['', 'Notes:', ...result.notes.map((note) => `  ${note}`)] : []),
    ...(result.problems.length > 0
      ? ['', `Not copied (${result.problems.length}):`, ...result.problems.map((problem) => `  ! ${problem}`)]
      : []),
    '',
    result.dryRun
      ? `Would write ${plural(written, 'row')}${result.problems.length > 0 ? `; ${plural(result.problems.length, 'problem')}` : ''}.`
      : `Wrote ${plural(written, 'row')} new${result.problems.length > 0 ? `; ${plural(result.problems.length, 'problem')} listed above` : ''}.`,
    '',
  ].join('\n');
}

interface MigrateOptions {
  dryRun: boolean;
  /** The local sandbox's folder, named on the command line (else `.netlify/blobs-serve`). */
  blobsDir: string | undefined;
}

function readOptions(argv: readonly string[]): MigrateOptions {
  const { values } = parseArgs({
    args: [...argv],
    options: { 'dry-run': { type: 'boolean', default: false }, 'blobs-dir': { type: 'string' } },
  });
  return { dryRun: values['dry-run'], blobsDir: values['blobs-dir'] };
}

/**
 * Runs the migration; `print` takes the report, `tell` which local database is opened (standard
 * error); `directory` is the local database's folder, used when NETLIFY_DB_URL is not set. Answers
 * the result (run as a command, one with problems ends with exit code 1).
 */
export async function main(
  argv: readonly string[],
  env: Record<string, string | undefined>,
  print: (text: string) => void = (text) => process.stdout.write(text),
  directory?: string,
  tell: (text: string) => void = (text) => process.stderr.write(text),
): Promise<MigrationResult> {
  const options = readOptions(argv);
  const site = Boolean(env.NETLIFY_SITE_ID?.trim() && env.NETLIFY_AUTH_TOKEN?.trim());
  const toUrl = Boolean(env.NETLIFY_DB_URL?.trim());
  if (site && options.blobsDir) {
    throw new Error('--blobs-dir names a local sandbox, but NETLIFY_SITE_ID and NETLIFY_AUTH_TOKEN choose a site.');
  }
  if (site && !toUrl) {
    throw new Error(
      "NETLIFY_SITE_ID and NETLIFY_AUTH_TOKEN read the site's Blobs: set NETLIFY_DB_URL to the same site's " +
        'database (its connection string, copied from Netlify), so that its orders do not go into the local database.',
    );
  }
  if (!site && toUrl && !options.blobsDir) {
    throw new Error(
      "NETLIFY_DB_URL is set, but no NETLIFY_SITE_ID and NETLIFY_AUTH_TOKEN: this would copy the local sandbox's " +
        "orders into that database. Set them to read the site's Blobs, or name the sandbox with --blobs-dir if that is meant.",
    );
  }
  const blobs = await openBlobs(env, path.resolve(ROOT, options.blobsDir ?? LOCAL_SANDBOX));
  try {
    const target = await openOrders(
      { NETLIFY_DB_URL: env.NETLIFY_DB_URL, LOCAL_DB_DIR: env.LOCAL_DB_DIR },
      directory,
      tell,
    );
    try {
      const result = await migrate(blobs, target.db, options.dryRun);
      print(formatResult(result, blobs.where, target.where));
      return result;
    } finally {
      await target.close();
    }
  } finally {
    await blobs.close();
  }
}

await runIfCommand(import.meta.url, async (argv, env) => {
  const result = await main(argv, env);
  if (result.problems.length > 0) process.exitCode = 1;
});
