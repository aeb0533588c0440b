/**
 * The one client for the staff's Google Sheet: the Apps Script web app when `SHEETS_WEBHOOK_URL`
 * is set, CSV files under `LOCAL_SHEETS_DIR` otherwise (the local stand-in, docs/shop-rules.md §11).
 * Every write is idempotent by the tab's key (the order id for Orders): the CSV writer skips a key
 * it already has, and the script is sent the key so it can do the same.
 */

import type { ServerEnv } from '../platform/env.ts';
import { failure, type Outcome } from '../platform/outcome.ts';
import { appsScriptBatchWriter, appsScriptWriter, SHEETS_TIMEOUT_MS } from './apps-script.ts';
import { GST_TAB, type SheetGst } from './gst-tab.ts';
import { csvBatchWriter, csvWriter } from './local-csv.ts';
import { ORDERS_TAB, type SheetOrder } from './orders-tab.ts';
import { PICKUPS_TAB, type SheetPickup } from './pickups-tab.ts';
import { RTO_TAB, type SheetRto } from './rto-tab.ts';
import { CONTACT_TAB, REVIEWS_TAB, type SheetContact, type SheetReview } from './submission-tabs.ts';
import type { SheetTab } from './tabs.ts';
import { type SheetWhatsAppMessage, WHATSAPP_TAB } from './whatsapp-tab.ts';

/**
 * `duplicate`: the tab already had rows with this key, so none were added; with an upsert their
 * updatable cells were rewritten (`updated`).
 */
export type SheetWriteResult = Outcome<{ duplicate: boolean; updated?: boolean }>;

export interface WriteOptions {
  /** Rewrite the tab's updatable cells of rows already there, instead of leaving them. */
  upsert?: boolean;
}

/** Writes one record's rows to a tab; never throws, a failure is a result the caller can retry. */
export type TabWriter = <T>(tab: SheetTab<T>, record: T, options?: WriteOptions) => Promise<SheetWriteResult>;

/**
 * A batch's outcome: the keys the tab now holds as sent (every record's, when it worked). `BUSY`:
 * Google refused for now (a quota, too many simultaneous executions, the time limit, HTTP 429),
 * which heals by waiting; the other failure codes are as for a single write.
 */
export type SheetBatchResult = Outcome<{ written: string[] }>;

/**
 * Writes many records of one kind to the tab named `name` (the kind's tab, or one of its kind such
 * as `Orders 2026-27`) in one call: new keys appended, keys there rewritten (their updatable cells,
 * newest state wins). Never throws.
 */
export type BatchWriter = <T>(tab: SheetTab<T>, name: string, records: readonly T[]) => Promise<SheetBatchResult>;

export interface SheetsClient {
  kind: 'apps-script' | 'local';
  /**
   * Appends the order's rows to the Orders tab, or, when its order id is there already, rewrites
   * their status, waybill and payment cells: never a second set of rows.
   */
  upsertOrder(order: SheetOrder): Promise<SheetWriteResult>;
  /**
   * Writes a batch of orders to the tab named `tab` (e.g. `Orders 2026-27`, created with its headers
   * when missing) in one call: an order already there gets its updatable cells rewritten with these
   * values, a new one is appended; sent twice, it still leaves one set of rows per order.
   */
  writeOrders(tab: string, orders: readonly SheetOrder[]): Promise<SheetBatchResult>;
  /** Appends a review row (display 'No') to the Reviews tab; idempotent by its id. */
  appendReview(review: SheetReview): Promise<SheetWriteResult>;
  /** Appends a message to the Contact Submissions tab; idempotent by its id. */
  appendContact(contact: SheetContact): Promise<SheetWriteResult>;
  /** The day's pickup request in the Pickups tab: one row per day, rewritten as the request goes. */
  upsertPickup(pickup: SheetPickup): Promise<SheetWriteResult>;
  /**
   * A run of the return-to-origin report in the RTO tab, in one write: each figure group's row is
   * appended, or rewritten when its key (period, group, value) is there. `duplicate`: no row was new.
   */
  upsertRto(rto: SheetRto): Promise<SheetWriteResult>;
  /**
   * A run of the GST report of a month in the GST tab, in one write: each table row is appended, or
   * rewritten when its key (month, table, row) is there. `duplicate`: no row was new.
   */
  upsertGst(gst: SheetGst): Promise<SheetWriteResult>;
  /** Appends a shopper's WhatsApp message for staff to the WhatsApp tab; idempotent by Meta's message id. */
  appendWhatsApp(message: SheetWhatsAppMessage): Promise<SheetWriteResult>;
}

export type SheetsEnv = Pick<ServerEnv, 'SHEETS_WEBHOOK_URL' | 'SHEETS_WEBHOOK_SECRET' | 'LOCAL_SHEETS_DIR'> &
  Partial<Pick<ServerEnv, 'CONTEXT'>>;

export interface SheetsOptions {
  /** How long to wait for the Apps Script, redirect included. */
  timeoutMs?: number;
}

export function createSheets(
  env: SheetsEnv,
  fetchImpl: typeof fetch = fetch,
  options: SheetsOptions = {},
): SheetsClient {
  const url = env.SHEETS_WEBHOOK_URL;
  const target = url && {
    url,
    secret: env.SHEETS_WEBHOOK_SECRET,
    fetchImpl,
    timeoutMs: options.timeoutMs ?? SHEETS_TIMEOUT_MS,
  };
  // Production never writes to the function's own disk: orders wait in the log instead.
  const off = env.CONTEXT === 'production' && !target;
  const notConfigured = async () => failure('NOT_CONFIGURED', 'SHEETS_WEBHOOK_URL is not set');
  const write: TabWriter = logged(
    target ? appsScriptWriter(target) : off ? notConfigured : csvWriter(env.LOCAL_SHEETS_DIR),
  );
  const batch: BatchWriter = loggedBatch(
    target ? appsScriptBatchWriter(target) : off ? notConfigured : csvBatchWriter(env.LOCAL_SHEETS_DIR),
  );
  return {
    kind: url ? 'apps-script' : 'local',
    upsertOrder: (order) => write(ORDERS_TAB, order, { upsert: true }),
    writeOrders: (tab, orders) => batch(ORDERS_TAB, tab, orders),
    appendReview: (review) => write(REVIEWS_TAB, review),
    appendContact: (contact) => write(CONTACT_TAB, contact),
    upsertPickup: (pickup) => write(PICKUPS_TAB, pickup, { upsert: true }),
    upsertRto: (rto) => write(RTO_TAB, rto, { upsert: true }),
    upsertGst: (gst) => write(GST_TAB, gst, { upsert: true }),
    appendWhatsApp: (message) => write(WHATSAPP_TAB, message),
  };
}

/** A failed batch leaves a warning naming the tab and how many records wait; BUSY is Google's "later". */
function loggedBatch(write: BatchWriter): BatchWriter {
  return async (tab, name, records) => {
    const result = await write(tab, name, records);
    if (!result.ok)
      console.warn(`Sheet: ${name} batch of ${records.length} not written (${result.code}): ${result.message}`);
    return result;
  };
}

/** Every failed write leaves a warning naming the tab and the record, whichever writer failed. */
function logged(write: TabWriter): TabWriter {
  return async (tab, record, options) => {
    const result = await write(tab, record, options);
    if (!result.ok) console.warn(`Sheet: ${tab.name} row for ${tab.key(record)} not written: ${result.message}`);
    return result;
  };
}
