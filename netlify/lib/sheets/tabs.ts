/**
 * The one client for the staff's Google Sheet. Each tab is a row definition (`SheetTab`); the two
 * writers — the Apps Script web app when `SHEETS_WEBHOOK_URL` is set, CSV files under
 * `LOCAL_SHEETS_DIR` otherwise (DESIGN.md) — take any tab: Orders, Reviews and Contact Submissions
 * are each a definition and a one-line method on the client.
 *
 * Every write is idempotent by the tab's key (the order id for Orders): the CSV writer skips a key
 * it already has, and the script is sent the key so it can do the same.
 */
import { appendFile, mkdir, readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { z } from 'zod';
import type { OrderRecord } from '../../src/shop/order.ts';
import type { ServerEnv } from './env.ts';

// ---------------------------------------------------------------------------------------------
// Tabs

type CellValue = string | number | undefined;

export interface SheetTab<T> {
  /** The tab's name in the Sheet, and the CSV file's name (`<name>.csv`) locally. */
  name: string;
  /** The `type` the Apps Script dispatches on. */
  type: string;
  headers: readonly string[];
  /** The header of the column that holds the idempotency key. */
  keyHeader: string;
  /** The field that carries the key in the Apps Script body (`orderId` for orders). */
  keyField: string;
  key(record: T): string;
  /** Raw rows in header order; `tabRows` neutralises them, so no definition can forget to. */
  rows(record: T): CellValue[][];
}

/** An order as it reaches the sheet: the SPEC §3 record plus what later steps learn about it. */
export type SheetOrder = OrderRecord & {
  /** Razorpay payment id, for prepaid orders. */
  paymentId?: string | undefined;
  /** Delhivery waybill, once the shipment is created. */
  waybill?: string | undefined;
  /** Parallel to `products` (the priced cart lines): supplies each item's HSN code when known. */
  lines?: readonly { hsnCode?: string | undefined }[] | undefined;
};

export const ORDER_HEADERS = [
  'Order ID',
  'Timestamp',
  'Name',
  'Email',
  'Phone',
  'Address',
  'Pincode',
  'City',
  'State',
  'Product',
  'Size',
  'Quantity',
  'Unit Price',
  'HSN Code',
  'Payment Mode',
  'Payment Status',
  'Subtotal',
  'Shipping',
  'COD Charge',
  'Total',
  'Payment ID',
  'Waybill',
] as const;

/**
 * One row per item, each repeating the order's customer, payment and totals so that staff can
 * filter and sort the tab by any column without losing which order a row belongs to.
 */
export const ORDERS_TAB: SheetTab<SheetOrder> = {
  name: 'Orders',
  type: 'order',
  headers: ORDER_HEADERS,
  keyHeader: 'Order ID',
  keyField: 'orderId',
  key: (order) => order.orderId,
  rows(order) {
    // An order without items still gets a row: staff must see every order id the shop took.
    const items = order.products.length > 0 ? order.products : [undefined];
    return items.map((item, index) => [
      order.orderId,
      order.timestamp,
      order.name,
      order.email,
      order.phone,
      order.address,
      order.pincode,
      order.city,
      order.state,
      item?.name,
      item?.size,
      item?.quantity,
      item?.price,
      order.lines?.[index]?.hsnCode,
      order.paymentMode,
      order.paymentStatus,
      order.subtotal,
      order.shippingCharge,
      order.codCharge,
      order.total,
      order.paymentId,
      order.waybill,
    ]);
  },
};

/**
 * The Reviews tab: the SPEC §7 call-1 columns (what the review feed reads) plus the email, which
 * only staff see, and the row's type. Staff publish a review by setting `display` to Yes.
 */
export const REVIEW_HEADERS = [
  'id',
  'product',
  'name',
  'email',
  'location',
  'rating',
  'source',
  'date',
  'review',
  'display',
  'type',
] as const;

/** A review submission as it reaches the sheet (SPEC §3): unpublished until staff say otherwise. */
export interface SheetReview {
  id: string;
  product: string;
  name: string;
  email: string;
  location?: string | undefined;
  rating: number;
  source: string;
  date: string;
  review: string;
  display: string;
  type: 'review';
}

export const REVIEWS_TAB: SheetTab<SheetReview> = {
  name: 'Reviews',
  type: 'review',
  headers: REVIEW_HEADERS,
  keyHeader: 'id',
  keyField: 'id',
  key: (review) => review.id,
  rows: (review) => [
    [
      review.id,
      review.product,
      review.name,
      review.email,
      review.location,
      review.rating,
      review.source,
      review.date,
      review.review,
      review.display,
      review.type,
    ],
  ],
};

/** SPEC §3 contact message, with a generated id first so a retried write adds no second row. */
export const CONTACT_HEADERS = ['id', 'name', 'email', 'phone', 'subject', 'message', 'timestamp', 'type'] as const;

export interface SheetContact {
  id: string;
  name: string;
  email: string;
  phone?: string | undefined;
  subject: string;
  message: string;
  /** ISO 8601, UTC. */
  timestamp: string;
  type: 'contact';
}

export const CONTACT_TAB: SheetTab<SheetContact> = {
  name: 'Contact Submissions',
  type: 'contact',
  headers: CONTACT_HEADERS,
  keyHeader: 'id',
  keyField: 'id',
  key: (contact) => contact.id,
  rows: (contact) => [
    [
      contact.id,
      contact.name,
      contact.email,
      contact.phone,
      contact.subject,
      contact.message,
      contact.timestamp,
      contact.type,
    ],
  ],
};

const indiaDate = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Kolkata',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The calendar date in India as YYYY-MM-DD (the shop's day, whatever the server's zone). */
export function indiaToday(now: Date = new Date()): string {
  return indiaDate.format(now);
}

/** A unique id for a row: `<prefix>-<milliseconds>-<8 random hex digits>`. */
export function rowId(prefix: string, now: Date = new Date()): string {
  return `${prefix}-${now.getTime()}-${crypto.randomUUID().slice(0, 8)}`;
}

export interface ReviewInput {
  product: string;
  name: string;
  email: string;
  location?: string | undefined;
  rating: number;
  review: string;
}

/** A new review row: display 'No', type 'review', source 'Website', today's date in India. */
export function newSheetReview(input: ReviewInput, now: Date = new Date()): SheetReview {
  return {
    id: rowId('review', now),
    product: input.product,
    name: input.name,
    email: input.email,
    location: input.location,
    rating: input.rating,
    source: 'Website',
    date: indiaToday(now),
    review: input.review,
    display: 'No',
    type: 'review',
  };
}

export interface ContactInput {
  name: string;
  email: string;
  phone?: string | undefined;
  subject: string;
  message: string;
}

/** A new contact row: an ISO timestamp and type 'contact'. */
export function newSheetContact(input: ContactInput, now: Date = new Date()): SheetContact {
  return {
    id: rowId('contact', now),
    name: input.name,
    email: input.email,
    phone: input.phone,
    subject: input.subject,
    message: input.message,
    timestamp: now.toISOString(),
    type: 'contact',
  };
}

/** A cell the sheet would read as a formula: `= + - @` first (after any spaces), or a tab or CR. */
const FORMULA_START = /^(?:[\t\r]|\s*[=+\-@])/;

/**
 * Stores a value as text. A leading `'` is the spreadsheet's own "this is text" mark, so a name
 * like `=HYPERLINK(…)` is shown, never evaluated. Phone numbers such as `+91 …` are marked too.
 */
export function neutraliseCell(value: CellValue): string {
  const text = value === undefined ? '' : String(value);
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** The rows a tab writes for a record: strings in header order, every cell neutralised. */
export function tabRows<T>(tab: SheetTab<T>, record: T): string[][] {
  return tab.rows(record).map((row) => row.map(neutraliseCell));
}

export function orderRows(order: SheetOrder): string[][] {
  return tabRows(ORDERS_TAB, order);
}

// ---------------------------------------------------------------------------------------------
// The client

export type SheetWriteResult = { ok: true; duplicate: boolean } | { ok: false; reason: string };

export interface SheetsClient {
  kind: 'apps-script' | 'local';
  /** Appends the order's rows to the Orders tab; a second call with the same order id adds nothing. */
  appendOrder(order: SheetOrder): Promise<SheetWriteResult>;
  /** Appends a review row (display 'No') to the Reviews tab; idempotent by its id. */
  appendReview(review: SheetReview): Promise<SheetWriteResult>;
  /** Appends a message to the Contact Submissions tab; idempotent by its id. */
  appendContact(contact: SheetContact): Promise<SheetWriteResult>;
}

export type SheetsEnv = Pick<ServerEnv, 'SHEETS_WEBHOOK_URL' | 'SHEETS_WEBHOOK_SECRET' | 'LOCAL_SHEETS_DIR'>;

export interface SheetsOptions {
  /** How long to wait for the Apps Script, redirect included. */
  timeoutMs?: number;
}

export const SHEETS_TIMEOUT_MS = 8000;

/** Writes one record's rows to a tab; never throws, a failure is a result the caller can retry. */
type TabWriter = <T>(tab: SheetTab<T>, record: T) => Promise<SheetWriteResult>;

export function createSheets(
  env: SheetsEnv,
  fetchImpl: typeof fetch = fetch,
  options: SheetsOptions = {},
): SheetsClient {
  const url = env.SHEETS_WEBHOOK_URL;
  const kind = url ? 'apps-script' : 'local';
  const write: TabWriter = url
    ? appsScriptWriter(url, env.SHEETS_WEBHOOK_SECRET, fetchImpl, options.timeoutMs ?? SHEETS_TIMEOUT_MS)
    : csvWriter(env.LOCAL_SHEETS_DIR);
  return {
    kind,
    appendOrder: (order) => write(ORDERS_TAB, order),
    appendReview: (review) => write(REVIEWS_TAB, review),
    appendContact: (contact) => write(CONTACT_TAB, contact),
  };
}

function failure<T>(tab: SheetTab<T>, record: T, reason: string): SheetWriteResult {
  console.warn(`Sheet: ${tab.name} row for ${tab.key(record)} not written: ${reason}`);
  return { ok: false, reason };
}

// ---------------------------------------------------------------------------------------------
// Apps Script web app

const appsScriptReplySchema = z.union([
  z.object({ ok: z.literal(true), duplicate: z.boolean().optional() }),
  z.object({ ok: z.literal(false), error: z.string().optional() }),
]);

function appsScriptWriter(
  url: string,
  secret: string | undefined,
  fetchImpl: typeof fetch,
  timeoutMs: number,
): TabWriter {
  return async (tab, record) => {
    // The script refuses a request without the secret: say why here rather than send it.
    if (!secret) return failure(tab, record, 'SHEETS_WEBHOOK_SECRET is not set');
    const body = {
      secret,
      type: tab.type,
      tab: tab.name,
      [tab.keyField]: tab.key(record),
      headers: tab.headers,
      rows: tabRows(tab, record),
    };
    let response: Response;
    let text: string;
    try {
      // A web app answers a POST with a 302 to script.googleusercontent.com, which serves the
      // script's output to a GET; fetch follows it (and the timeout covers both requests).
      response = await fetchImpl(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        redirect: 'follow',
        signal: AbortSignal.timeout(timeoutMs),
      });
      text = await response.text();
    } catch (error) {
      const reason =
        error instanceof Error && error.name === 'TimeoutError'
          ? `the Apps Script did not answer within ${timeoutMs} ms`
          : `the Apps Script could not be reached (${error instanceof Error ? error.message : String(error)})`;
      return failure(tab, record, reason);
    }
    if (!response.ok) return failure(tab, record, `the Apps Script answered HTTP ${response.status}`);
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      // Google's own error and sign-in pages are HTML with status 200.
      return failure(tab, record, 'the Apps Script did not answer JSON');
    }
    const reply = appsScriptReplySchema.safeParse(json);
    if (!reply.success) return failure(tab, record, 'the Apps Script answered an unexpected shape');
    if (!reply.data.ok)
      return failure(tab, record, `the Apps Script refused the rows: ${reply.data.error ?? 'no reason given'}`);
    return { ok: true, duplicate: reply.data.duplicate ?? false };
  };
}

// ---------------------------------------------------------------------------------------------
// Local CSV files (one per tab)

const CRLF = '\r\n';
/** Lets Excel read the file as UTF-8 (names and addresses are not all ASCII). */
const BOM = '\uFEFF';

function csvWriter(dir: string): TabWriter {
  return async (tab, record) => {
    const file = resolve(dir, `${tab.name}.csv`);
    try {
      return await withFileLock(file, async () => {
        await mkdir(resolve(dir), { recursive: true });
        const existing = await readText(file);
        const table = parseCsv(existing);
        const header = table[0];
        const rows = tabRows(tab, record);
        const key = neutraliseCell(tab.key(record));
        if (header) {
          const found = header.indexOf(tab.keyHeader);
          const keyIndex = found >= 0 ? found : tab.headers.indexOf(tab.keyHeader);
          if (table.some((row, index) => index > 0 && row[keyIndex] === key)) return { ok: true, duplicate: true };
        }
        // One appendFile per record, so a crash leaves whole records or none of them.
        let text = header ? '' : `${BOM}${formatCsvRow(tab.headers)}${CRLF}`;
        // A file saved by a spreadsheet program may lack the final line break.
        if (existing !== '' && !existing.endsWith('\n') && !existing.endsWith('\r')) text += CRLF;
        text += rows.map((row) => `${formatCsvRow(row)}${CRLF}`).join('');
        await appendFile(file, text, 'utf8');
        return { ok: true, duplicate: false };
      });
    } catch (error) {
      return failure(tab, record, `${file} could not be written (${String(error)})`);
    }
  };
}

/**
 * Appends to one file run one after another within this process, so concurrent orders neither
 * interleave nor both pass the duplicate check. Keyed by absolute path: every client shares it.
 */
const fileQueues = new Map<string, Promise<void>>();

function withFileLock<T>(file: string, task: () => Promise<T>): Promise<T> {
  const previous = fileQueues.get(file) ?? Promise.resolve();
  const run = previous.then(task);
  const settled = run.then(
    () => undefined,
    () => undefined,
  );
  fileQueues.set(file, settled);
  void settled.then(() => {
    if (fileQueues.get(file) === settled) fileQueues.delete(file);
  });
  return run;
}

async function readText(file: string): Promise<string> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return '';
    throw error;
  }
}

/** RFC 4180: a field with a comma, quote, CR or LF is quoted, its quotes doubled. */
export function formatCsvRow(row: readonly string[]): string {
  return row.map((field) => (/[",\r\n]/.test(field) ? `"${field.replaceAll('"', '""')}"` : field)).join(',');
}

/**
 * RFC 4180 records: quoted fields may hold commas, quotes and line breaks; records end with CRLF,
 * LF or CR. A leading byte-order mark and blank lines are skipped.
 */
export function parseCsv(text: string): string[][] {
  const source = text.startsWith(BOM) ? text.slice(1) : text;
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  let i = 0;
  const endRecord = () => {
    record.push(field);
    if (record.length > 1 || record[0] !== '') records.push(record);
    record = [];
    field = '';
  };
  while (i < source.length) {
    const char = source[i] as string;
    if (quoted) {
      if (char === '"') {
        if (source[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
      } else {
        field += char;
      }
      i += 1;
      continue;
    }
    if (char === '"' && field === '') {
      quoted = true;
    } else if (char === ',') {
      record.push(field);
      field = '';
    } else if (char === '\r' || char === '\n') {
      endRecord();
      if (char === '\r' && source[i + 1] === '\n') i += 1;
    } else {
      field += char;
    }
    i += 1;
  }
  if (field !== '' || record.length > 0 || quoted) endRecord();
  return records;
}

/** The records of a CSV file; a missing file has none. */
export async function readCsv(path: string): Promise<string[][]> {
  return parseCsv(await readText(path));
}
