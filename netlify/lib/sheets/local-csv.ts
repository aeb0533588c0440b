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
import type { BatchWriter, TabWriter, WriteOptions } from './client.ts';
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
 * A batch into `<name>.csv` with one write of the file (a temporary file renamed over it), as the
 * Apps Script applies it: a key already there gets the updatable cells of all its rows set from
 * the batch's rows (its rows neither added to nor removed), a new key's rows are appended under
 * their headers, a key sent twice counts once (its last rows). Nothing changed, nothing written.
 */
export function csvBatchWriter(dir: string): BatchWriter {
  return async (tab, name, records) => {
    // The caller names the tab: one file name, never a path.
    if (!/^[^/\\.][^/\\]*$/.test(name)) return failure('REFUSED', `"${name}" cannot name a tab`);
    const file = fileInFolder(dir, `${name}.csv`);
    const batch = new Map(records.map((record) => [neutraliseCell(tab.key(record)), tabRows(tab, record)]));
    try {
      await withLock(`csv\u0000${file}`, async () => {
        await mkdir(resolve(dir), { recursive: true });
        const before = parseCsv(await readCsvText(file));
        const after = batchTable(before, tab, batch);
        if (after) await rewrite(file, tableText(after));
      });
    } catch (error) {
      return failure('UNREACHABLE', `${file} could not be written (${String(error)})`);
    }
    return { ok: true, written: [...new Set(records.map((record) => tab.key(record)))] };
  };
}

/** The table with the batch applied (rows by neutralised key); undefined when nothing changed. */
function batchTable<T>(table: string[][], tab: SheetTab<T>, batch: Map<string, string[][]>): string[][] | undefined {
  const header = [...(table[0] ?? [])];
  let changed = table.length === 0;
  for (const name of tab.headers) {
    if (!header.includes(name)) {
      header.push(name);
      changed = true;
    }
  }
  const keyColumn = header.indexOf(tab.keyHeader);
  const fields = (tab.updatable ?? []).map((name) => ({ from: tab.headers.indexOf(name), to: header.indexOf(name) }));
  // Each row at least as wide as the header; cells staff wrote further right are kept.
  const rows = table
    .slice(1)
    .map((row) => Array.from({ length: Math.max(header.length, row.length) }, (_, column) => row[column] ?? ''));
  const seen = new Map<string, number>();
  for (const row of rows) {
    const key = row[keyColumn] ?? '';
    const sent = batch.get(key);
    if (!sent) continue;
    // The record's n-th row here takes its n-th row sent (its last, when fewer were sent).
    const position = seen.get(key) ?? 0;
    seen.set(key, position + 1);
    const source = sent[Math.min(position, sent.length - 1)] ?? [];
    for (const { from, to } of fields) {
      const value = source[from] ?? '';
      if (row[to] !== value) {
        row[to] = value;
        changed = true;
      }
    }
  }
  for (const [key, sent] of batch) {
    if (seen.has(key)) continue;
    rows.push(...sent.map((row) => header.map((name) => row[tab.headers.indexOf(name)] ?? '')));
    changed = true;
  }
  return changed ? [header, ...rows] : undefined;
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
