// `npm run whatsapp:templates -- [--dry-run]`: puts the shop's WhatsApp templates
// (netlify/lib/whatsapp/templates.ts, each in English and Hindi) in the WhatsApp Business Account
// for Meta to review (issue 33 §3). It lists the account's templates and creates each of ours that
// is not there under its name and language, as it is defined; then prints, per template, Meta's
// status (APPROVED, PENDING, REJECTED, …) and what it did. `--dry-run` lists, creates nothing, and
// prints the requests it would send.
//
// It never edits or deletes a template Meta has: editing an approved one sends it back to review,
// and the messages using it would stop until Meta approves it again (decision 024). A changed text
// is a new template under a new name.
//
// Needs WHATSAPP_TOKEN (a system-user token with whatsapp_business_management) and
// WHATSAPP_BUSINESS_ACCOUNT_ID (the WABA id); WHATSAPP_API_VERSION and WHATSAPP_BASE_URL as for
// sending. Without them it says what is missing and asks Meta nothing. Exits 1 when anything failed.
//
// Node 24 runs this TypeScript as it is (type stripping), like the modules it imports.
import { parseArgs } from 'node:util';
import { readServerEnv } from '../netlify/lib/platform/env.ts';
import { graphRoot } from '../netlify/lib/whatsapp/cloud-api.ts';
import { putTemplates, type TemplateRow, templateAdmin } from '../netlify/lib/whatsapp/template-admin.ts';
import { TEMPLATES } from '../netlify/lib/whatsapp/templates.ts';

const REQUIRED = ['WHATSAPP_TOKEN', 'WHATSAPP_BUSINESS_ACCOUNT_ID'] as const;

/** The rows as a person reads them in a terminal, with why each failure failed below. */
export function formatRows(rows: readonly TemplateRow[]): string {
  const header = ['template', 'language', "Meta's status", 'done'];
  const cells = rows.map((row) => [row.name, row.language, row.status, row.action]);
  const widths = header.map((cell, column) => Math.max(cell.length, ...cells.map((row) => (row[column] ?? '').length)));
  const line = (row: readonly string[]) =>
    row
      .map((cell, column) => cell.padEnd(widths[column] ?? 0))
      .join('  ')
      .trimEnd();
  const problems = rows.flatMap((row) => (row.problem ? [`  ${row.problem}`] : []));
  return [line(header), ...cells.map(line), ...(problems.length > 0 ? ['', 'Failed:', ...problems] : []), ''].join(
    '\n',
  );
}

/** Runs the script; resolves to its exit code. */
export async function main(
  argv: readonly string[],
  source: Record<string, string | undefined>,
  print: (text: string) => void = (text) => process.stdout.write(text),
  fetchImpl: typeof fetch = (input, init) => fetch(input, init),
): Promise<number> {
  const { values } = parseArgs({ args: [...argv], options: { 'dry-run': { type: 'boolean', default: false } } });
  const dryRun = values['dry-run'];
  const env = readServerEnv(source);
  const missing = REQUIRED.filter((name) => !env[name]);
  const { WHATSAPP_TOKEN: token, WHATSAPP_BUSINESS_ACCOUNT_ID: businessAccountId } = env;
  if (!token || !businessAccountId) {
    print(`Not configured: set ${missing.join(' and ')}. Nothing was asked of Meta.\n`);
    return 1;
  }
  const config = { token, businessAccountId, apiVersion: env.WHATSAPP_API_VERSION, baseUrl: env.WHATSAPP_BASE_URL };
  const put = await putTemplates(templateAdmin(config, fetchImpl), TEMPLATES, { dryRun });
  if (!put.ok) {
    print(`${put.message}\n`);
    return 1;
  }
  print(formatRows(put.value));
  if (dryRun) {
    const target = `POST ${graphRoot(config)}/${businessAccountId}/message_templates`;
    for (const row of put.value.filter((item) => item.action === 'would create')) {
      const body = TEMPLATES.find((template) => template.name === row.name && template.language === row.language);
      print(`\n${target}\n${JSON.stringify(body, null, 2)}\n`);
    }
  }
  return put.value.some((row) => row.action === 'failed') ? 1 : 0;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    process.exitCode = await main(process.argv.slice(2), process.env);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  }
}
