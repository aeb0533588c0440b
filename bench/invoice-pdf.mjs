// `npm run bench:invoice-pdf`: the time to render one invoice PDF (issue 35; decision 027), as the
// invoice function pays it. Cold: the first render in a fresh Node process, imports (pdfmake,
// pdfkit, fontkit) and the font's two TTFs read included, as a function's first request after a
// cold start. Warm: each render after it in the same process. The invoice is `makeInvoice`'s
// (four lines, CGST and SGST), the PDF the function's own (netlify/lib/invoices/invoice-pdf.ts).
// Each cold figure is its own process; the warm figures are pooled across them. It only reports:
// nothing here is a test, and no timing is asserted anywhere.
import { fork } from 'node:child_process';
import path from 'node:path';
import { performance } from 'node:perf_hooks';

const root = path.resolve(import.meta.dirname, '..');
const PROCESSES = Number(process.env.BENCH_INVOICE_PROCESSES ?? 5);
const WARM_RENDERS = Number(process.env.BENCH_INVOICE_WARM ?? 20);

/** One fresh process: what its first render cost, and each render after it. */
async function child() {
  // The fixture first, outside the timing: it is the order's record, not the function's work.
  const { makeInvoice } = await import('../tests/support/invoices.ts');
  const invoice = makeInvoice({ shippingCharge: 65 });
  const started = performance.now();
  const { invoicePdf } = await import('../netlify/lib/invoices/invoice-pdf.ts');
  const imported = performance.now();
  const pdf = await invoicePdf(invoice);
  const first = performance.now();
  const warm = [];
  for (let index = 0; index < WARM_RENDERS; index += 1) {
    const start = performance.now();
    await invoicePdf(invoice);
    warm.push(performance.now() - start);
  }
  process.send?.({ importMs: imported - started, firstRenderMs: first - imported, warm, bytes: pdf.length });
}

/** @typedef {{ importMs: number; firstRenderMs: number; warm: number[]; bytes: number }} ChildRun */

/** @returns {Promise<ChildRun>} */
function runChild() {
  return new Promise((resolve, reject) => {
    const worker = fork(import.meta.filename, ['--child'], {
      cwd: root,
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    /** @type {ChildRun | undefined} */
    let result;
    worker.on('message', (message) => {
      result = /** @type {ChildRun} */ (message);
    });
    worker.on('error', reject);
    worker.on('exit', (code) => (result ? resolve(result) : reject(new Error(`the render process exited ${code}`))));
  });
}

/** @param {number[]} values @param {number} share */
function quantile(values, share) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? Number.NaN;
}

/** @param {number} value */
const ms = (value) => `${value.toFixed(0).padStart(5)} ms`;

async function main() {
  const runs = [];
  for (let index = 0; index < PROCESSES; index += 1) runs.push(await runChild());
  const cold = runs.map((run) => run.importMs + run.firstRenderMs);
  const warm = runs.flatMap((run) => run.warm);
  console.log(
    `Invoice PDF (pdfmake, Noto Sans Devanagari; ${runs[0]?.bytes ?? 0} bytes), ${PROCESSES} fresh processes:`,
  );
  console.log(
    `  cold (import + fonts + first render)  median ${ms(quantile(cold, 0.5))}   worst ${ms(Math.max(...cold))}`,
  );
  console.log(
    `    of which the import                  median ${ms(
      quantile(
        runs.map((run) => run.importMs),
        0.5,
      ),
    )}`,
  );
  console.log(
    `    of which the first render            median ${ms(
      quantile(
        runs.map((run) => run.firstRenderMs),
        0.5,
      ),
    )}`,
  );
  console.log(
    `  warm (each render after, ${warm.length})         median ${ms(quantile(warm, 0.5))}   p95 ${ms(quantile(warm, 0.95))}`,
  );
}

if (process.argv[2] === '--child') await child();
else await main();
