/**
 * The W3C Nu Html Checker (vnu.jar from the `vnu-jar` package) over HTML files: one Java start
 * for all of them (each start costs a second or two). Java 17+ comes from Debian
 * (scripts/ensure-test-tools.mjs): vnu-jar's own Java download is not allowed to run.
 */
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const require = createRequire(import.meta.url);
/** The package's main export is the jar's path (a String object). */
const VNU_JAR = String(require('vnu-jar'));

/** One message of vnu's `--format json` output. */
interface VnuMessage {
  type: 'error' | 'info' | 'non-document-error';
  subType?: string;
  url?: string;
  firstLine?: number;
  lastLine?: number;
  firstColumn?: number;
  message: string;
  extract?: string;
}

export interface HtmlReport {
  /** Each error as `file:line:column message (the markup around it)`; any means invalid HTML. */
  errors: string[];
  /** The checker's warnings, the same way: reported, not failed on. Plain notes are left out. */
  warnings: string[];
}

function describe(message: VnuMessage): string {
  const file = message.url ? path.relative(process.cwd(), fileURLToPath(message.url)) : '(no file)';
  const line = message.firstLine ?? message.lastLine;
  const where = line === undefined ? file : `${file}:${line}:${message.firstColumn ?? 1}`;
  const extract = message.extract ? ` (${message.extract.replace(/\s+/g, ' ').trim()})` : '';
  return `${where} ${message.message}${extract}`;
}

/**
 * Checks the HTML files. A file that cannot be read, or a checker that cannot run, is an error
 * too: a check that checked nothing must not pass.
 */
export async function checkHtml(files: readonly string[]): Promise<HtmlReport> {
  if (files.length === 0) throw new Error('checkHtml: no files to check');
  const args = ['-jar', VNU_JAR, '--format', 'json', '--exit-zero-always', '--stdout', ...files];
  const output = await run('java', args, { maxBuffer: 64 * 1024 * 1024 }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') throw new Error('Java is missing: run `node scripts/ensure-test-tools.mjs`');
    throw error;
  });
  const { messages } = JSON.parse(output.stdout) as { messages: VnuMessage[] };
  return {
    errors: messages.filter((message) => message.type !== 'info').map(describe),
    warnings: messages.filter((message) => message.type === 'info' && message.subType === 'warning').map(describe),
  };
}
