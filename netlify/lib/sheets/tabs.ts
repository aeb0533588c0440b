/**
 * The row layout of the staff's Sheet: each tab (Orders, Reviews, Contact Submissions, Pickups, RTO,
 * GST, WhatsApp) is a definition of its headers, its idempotency key and the rows one record becomes,
 * in its own module (`orders-tab.ts`, `submission-tabs.ts`, `pickups-tab.ts`, `rto-tab.ts`,
 * `gst-tab.ts`, `whatsapp-tab.ts`). Both writers —
 * the Apps Script web app (`apps-script.ts`) and the local CSV stand-in (`local-csv.ts`) — take any
 * tab, and every cell goes through `neutraliseCell` on the way, so no definition can forget to.
 */
export type CellValue = string | number | undefined;

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
  /**
   * Each row carries its own key in the key column (RTO: one row per figure group), and the
   * writers match row by row; `key(record)` then only names the batch (in logs, in the body).
   */
  keyPerRow?: boolean;
  /**
   * Columns an upsert rewrites on rows already in the tab (the order's status, waybill, payment):
   * everything else in a row is written once and left to staff.
   */
  updatable?: readonly string[];
  /** Raw rows in header order; `tabRows` neutralises them, so no definition can forget to. */
  rows(record: T): CellValue[][];
}

/**
 * A cell the sheet would read as a formula: `= + - @` first (after any spaces), their full-width
 * forms (`＝１+１`, issue 37 §7), or a tab or CR. What the shopper typed reaches here cleaned
 * (`cleanText`: no invisible character can stand before the `=`).
 */
const FORMULA_START = /^(?:[\t\r]|\s*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20])/;

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
