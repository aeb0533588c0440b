// `npm run migrate:orders`: each kind written into the database, in batches, nothing written twice
// and nothing there overwritten; `migrate` copies the whole log.
import { financialYear, serialIndex } from '#shop/invoice/index.ts';
import type { StoredOrder } from '#shop/order/index.ts';
import type { Database } from '../../netlify/lib/platform/database.ts';
import { taskWrites } from '../../netlify/lib/tasks/order-tasks.ts';
import { pickupTask, SITE_TASK_COLUMNS, type SiteTaskOf, submissionTask, why } from '../migrate-site-tasks.ts';
import type { BlobsSource, Entry } from './blobs-source.ts';
import {
  MESSAGE_KEY,
  OPT_OUT_KEY,
  type OrderStore,
  PHONE_KEY,
  PICKUP_KEY,
  phoneDigits,
  plural,
  problem,
  type Run,
  readable,
  SUBMISSION_KEY,
  sha256,
  sortOrderStore,
} from './order-store.ts';
import {
  counterSchema,
  documentSchema,
  optOutSchema,
  phoneRecordSchema,
  razorpaySchema,
  webhookEventSchema,
} from './stored-records.ts';
import { KINDS, type Kind, type KindCount, type MigrationResult, tableCounts } from './tally.ts';
import { logOn, SETTLE_TASKS, taskFixes } from './task-fixes.ts';

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
export async function copySeries(run: Run, store: OrderStore): Promise<void> {
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
export async function migrate(source: BlobsSource, db: Database, dryRun: boolean): Promise<MigrationResult> {
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
