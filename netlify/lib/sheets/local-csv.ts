/**
 * The local stand-in for the staff's Sheet: one CSV file per tab under `LOCAL_SHEETS_DIR`, which
 * staff testing the shop can open in any spreadsheet program (the dialect, read and written the
 * same everywhere, is src/content/sheet-csv.server.ts: the reviews feed reads these files too).
 * CSV rather than JSON because that is what a person moderating reviews or working orders opens
 * and edits.
 */
import { appendFile, mkdir, rename, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { fileInFolder } from '../../../src/content/local-file.server.ts';
import { BOM, CRLF, formatCsvRow, parseCsv, readCsvText } from '../../../src/content/sheet-csv.server.ts';
import { withLock } from '../platform/file-lock.ts';
import { failure } from '../platform/outcome.ts';
import type { TabWriter, WriteOptions } from './client.ts';
import { neutraliseCell, type SheetTab, tabRows } from './tabs.ts';

export function csvWriter(dir: string): TabWriter {
  return async (tab, record, options = {}) => {
    const file = fileInFolder(dir, `${tab.name}.csv`);
    try {
      // Writes to one file run one after another, so concurrent orders neither interleave nor
      // both pass the duplicate check.
      return await withLock(`csv\u0000${file}`, async () => {
        await mkdir(resolve(dir), { recursive: true });
        const rows = tabRows(tab, record);
        if (!tab.keyPerRow) return writeRecord(file, tab, rows, neutraliseCell(tab.key(record)), options);
        // Every row is a record of its own (RTO), matched by the key in its own key cell.
        const keyColumn = tab.headers.indexOf(tab.keyHeader);
        let added = false;
        let updated = false;
        for (const row of rows) {
          const result = await writeRecord(file, tab, [row], row[keyColumn] ?? '', options);
          added ||= !result.duplicate;
          updated ||= result.updated === true;
        }
        return { ok: true, duplicate: !added, updated };
      });
    } catch (error) {
      return failure('UNREACHABLE', `${file} could not be written (${String(error)})`);
    }
  };
}

/**
 * One record's rows (already neutralised) into the file: appended unless rows with `key` are
 * there; with `upsert`, the updatable cells of those rows rewritten instead.
 */
async function writeRecord<T>(
  file: string,
  tab: SheetTab<T>,
  rows: string[][],
  key: string,
  options: WriteOptions,
): Promise<{ ok: true; duplicate: boolean; updated?: boolean }> {
  const existing = await readCsvText(file);
  const table = parseCsv(existing);
  const header = table[0];
  const keyIndex = header ? columnOf(header, tab.headers, tab.keyHeader) : -1;
  const matching = table.flatMap((row, index) => (index > 0 && row[keyIndex] === key ? [index] : []));
  if (matching.length > 0) {
    if (!options.upsert || !tab.updatable || !header) return { ok: true, duplicate: true };
    const updated = updateRows(table, matching, rows[0] ?? [], tab.headers, tab.updatable);
    if (updated) await rewrite(file, tableText(updated));
    return { ok: true, duplicate: true, updated: updated !== undefined };
  }
  // Cells go under their own headers, as the Apps Script puts them: a column staff added or
  // moved shifts nothing, and a header the file lacks (one the shop added later, such as
  // the Reviews tab's Product ID) is first added at its right edge.
  const layout = header?.includes(tab.keyHeader)
    ? [...header, ...tab.headers.filter((name) => !header.includes(name))]
    : undefined;
  const placed = layout ? rows.map((row) => layout.map((name) => row[tab.headers.indexOf(name)] ?? '')) : rows;
  let text = header ? '' : `${BOM}${formatCsvRow(tab.headers)}${CRLF}`;
  if (layout && header && layout.length > header.length) {
    await rewrite(file, tableText([layout, ...table.slice(1)]));
  } else if (existing !== '' && !existing.endsWith('\n') && !existing.endsWith('\r')) {
    // A file saved by a spreadsheet program may lack the final line break.
    text += CRLF;
  }
  // One appendFile per record, so a crash leaves whole records or none of them.
  text += placed.map((row) => `${formatCsvRow(row)}${CRLF}`).join('');
  await appendFile(file, text, 'utf8');
  return { ok: true, duplicate: false };
}

/**
 * The whole file replaced at once (a temporary file renamed over it): one who reads the tab while
 * a row is rewritten sees the old rows or the new ones, never a file cut short. Writers take the
 * file's lock first, so no append lands in the file being replaced.
 */
async function rewrite(file: string, text: string): Promise<void> {
  const temporary = `${file}.${process.pid}.rewrite`;
  await writeFile(temporary, text);
  await rename(temporary, file);
}

/** A column by its header in the file, else where the tab puts it (a file saved without headers). */
function columnOf(header: readonly string[], headers: readonly string[], name: string): number {
  const found = header.indexOf(name);
  return found >= 0 ? found : headers.indexOf(name);
}

/**
 * The table with the updatable cells of the matching rows set from `values` (a row in the tab's
 * header order); undefined when nothing changed. A header the file lacks (a file made before the
 * column existed) is added at the right edge, as the Apps Script does.
 */
function updateRows(
  table: string[][],
  matching: number[],
  values: readonly string[],
  headers: readonly string[],
  updatable: readonly string[],
): string[][] | undefined {
  const next = table.map((row) => [...row]);
  const header = next[0] as string[];
  let changed = false;
  for (const name of updatable) {
    if (!header.includes(name)) {
      header.push(name);
      changed = true;
    }
    const column = header.indexOf(name);
    const value = values[headers.indexOf(name)] ?? '';
    for (const index of matching) {
      const row = next[index] as string[];
      while (row.length <= column) row.push('');
      if (row[column] !== value) {
        row[column] = value;
        changed = true;
      }
    }
  }
  // Every other header the file lacks too (the Action column staff fill in), as the Apps Script's
  // `ensureHeaders` adds them: the column appears, its cells stay empty.
  for (const name of headers) {
    if (!header.includes(name)) {
      header.push(name);
      changed = true;
    }
  }
  for (const row of next.slice(1)) while (row.length < header.length) row.push('');
  return changed ? next : undefined;
}

/** A whole file: the byte-order mark, then every record with its line break. */
function tableText(table: readonly (readonly string[])[]): string {
  return `${BOM}${table.map((row) => `${formatCsvRow(row)}${CRLF}`).join('')}`;
}
