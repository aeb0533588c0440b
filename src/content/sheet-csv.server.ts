/**
 * The staff's Sheet as local CSV files (the stand-in when no Sheet is configured, one file per
 * tab): the one CSV dialect, read by the reviews feed (at build time and in the functions) and
 * written by the Sheet's local writer (netlify/lib/sheets/local-csv.ts). UTF-8 with a byte-order
 * mark, CRLF, RFC 4180 quoting, by csv-parse and csv-stringify: what a spreadsheet program opens.
 */
import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';

export const CRLF = '\r\n';
/** Lets Excel read the file as UTF-8 (names and addresses are not all ASCII). */
export const BOM = '\uFEFF';

/** One CSV record without its line break: a field with a comma, quote, CR or LF is quoted. */
export function formatCsvRow(row: readonly string[]): string {
  return stringify([row as string[]], { record_delimiter: '' });
}

/**
 * RFC 4180 records: quoted fields may hold commas, quotes and line breaks; records end with CRLF,
 * LF or CR. A leading byte-order mark and blank lines are skipped.
 */
export function parseCsv(text: string): string[][] {
  return parse(text, {
    bom: true,
    relax_column_count: true,
    skip_empty_lines: true,
    record_delimiter: ['\r\n', '\n', '\r'],
  }) as string[][];
}

/** A file's text; a missing file is empty. */
export async function readCsvText(file: string): Promise<string> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return '';
    throw error;
  }
}

/** The records of a CSV file; a missing file has none. */
export async function readCsv(path: string): Promise<string[][]> {
  return parseCsv(await readCsvText(path));
}
