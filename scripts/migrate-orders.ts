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
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openBlobs } from './migrate-orders/blobs-source.ts';
import { migrate } from './migrate-orders/copy.ts';
import { plural } from './migrate-orders/order-store.ts';
import { KINDS, type MigrationResult } from './migrate-orders/tally.ts';
import { openOrders, runIfCommand } from './report-returns.ts';

/** What the tests read of a run. */
export type { Kind, MigrationResult } from './migrate-orders/tally.ts';

/** Where `npm start` and `netlify dev` kept the local Blobs, under site id 0. */
const LOCAL_SANDBOX = '.netlify/blobs-serve';

const ROOT = path.resolve(import.meta.dirname, '..');
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
