/**
 * The functions as Netlify ships them (issue 14 §3; docs/platform.md). Netlify's build
 * packages every file in netlify/functions with @netlify/zip-it-and-ship-it, which copies each
 * function's imports, node_modules included, and netlify.toml's `included_files` into its own
 * package. The other function tests import the sources from the repository, where every module
 * resolves from our node_modules and every file is on disk, so none of them can see a file the
 * packaging leaves out. This test packages the functions the same way, with the settings netlify.toml
 * gives them (read by Netlify's own config resolution), into a folder under the system's temp
 * folder, then runs each one in its own Node process whose working directory is its package, as
 * Lambda runs it from /var/task: it must load there, and every module the process loads must come
 * from inside the package. Then health and a cash-on-delivery order (quoted by calculate-shipping
 * first, as the checkout page does) go through the packaged functions, through Netlify's own
 * Lambda entry point, with Blobs handed over in the invocation as Netlify hands it over.
 *
 * Packaging all the functions takes a minute or two on two cores (docs/platform.md); the hook allows ten.
 */
import { fork } from 'node:child_process';
import { copyFile, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { NetlifyDev } from '@netlify/dev';
import { type Config, type FunctionResult, type NodeBundlerName, zipFunctions } from '@netlify/zip-it-and-ship-it';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ordersCsv } from '#tests/support/sheets.ts';
import { INVOICE_FONT_FILES } from '../../netlify/lib/invoices/invoice-pdf.ts';
import { readCsv } from '../../src/content/sheet-csv.server.ts';
import { orderResponseSchema, shippingQuoteResponseSchema } from '../../src/shop/schemas/index.ts';
import { startTestBlobs, type TestBlobs } from '../support/blobs.ts';
import { functionsLog } from '../support/database.ts';
import { makeCustomer } from '../support/factories.ts';
import { makeInvoice } from '../support/invoices.ts';
import { bookedOrder } from '../support/parcels.ts';

const root = path.resolve(import.meta.dirname, '../..');
const functionsDir = path.join(root, 'netlify/functions');
const runner = path.join(root, 'tests/support/packaged-function.mjs');

/** Every function in the folder, by the extensions zip-it-and-ship-it packages as Node functions. */
const FUNCTION_NAMES = (await readdir(functionsDir))
  .filter((file) => /\.(mts|cts|ts|mjs|cjs|js)$/.test(file))
  .map((file) => file.replace(/\.[^.]+$/, ''))
  .sort();

interface NetlifyFunctionsConfig {
  config: {
    functionsDirectory?: string;
    build: { environment?: Record<string, string> };
    functions?: Record<
      string,
      {
        node_bundler?: NodeBundlerName;
        included_files?: string[];
        external_node_modules?: string[];
        ignored_node_modules?: string[];
      }
    >;
  };
}

/**
 * netlify.toml as Netlify reads it, turned into zip-it-and-ship-it's settings the way Netlify's
 * build and CLI turn it (their `normalizeFunctionsConfig`): `esbuild` means esbuild with the older
 * bundler as fallback, and included files are relative to the base directory.
 */
async function packagingSettings(): Promise<{ directory: string; config: Config }> {
  // getConfig is not in NetlifyDev's public types; scripts/serve.mjs reads the redirects the same way.
  const { config } = await (
    new NetlifyDev({ projectRoot: root }) as unknown as {
      getConfig(): Promise<NetlifyFunctionsConfig>;
    }
  ).getConfig();
  const functions = Object.fromEntries(
    Object.entries(config.functions ?? {}).map(([pattern, settings]) => [
      pattern,
      {
        externalNodeModules: settings.external_node_modules,
        ignoredNodeModules: settings.ignored_node_modules,
        includedFiles: settings.included_files,
        includedFilesBasePath: root,
        nodeBundler: settings.node_bundler === 'esbuild' ? 'esbuild_zisi' : settings.node_bundler,
        nodeVersion: config.build.environment?.NODE_VERSION,
        processDynamicNodeImports: true,
        zipGo: true,
      },
    ]),
  );
  return { directory: config.functionsDirectory ?? functionsDir, config: functions };
}

interface Call {
  url: string;
  method: string;
  /** The function's address that matched, as Netlify names it in the invocation (for `context.params`). */
  route?: string;
  headers?: Record<string, string>;
  body?: string;
  blobs?: string;
}

interface Run {
  handler: string;
  defaultExport: string;
  config: { path?: string | string[]; schedule?: string } | null;
  response?: { status: number; headers: Record<string, string>; body: string; base64: string };
  modules: string[];
}

let work: string;
let packages: string;
let packaged: FunctionResult[];
let blobs: TestBlobs;
let localDirs: { sheets: string; mail: string; secret: string };

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'ouo-packaged-'));
  packages = path.join(work, 'functions');
  const settings = await packagingSettings();
  expect(settings.directory).toBe(functionsDir);
  packaged = await zipFunctions(settings.directory, packages, {
    archiveFormat: 'none',
    basePath: root,
    repositoryRoot: root,
    config: settings.config,
  });
  // The runner runs beside the packages, not from the repository.
  await copyFile(runner, path.join(work, 'runner.mjs'));
  blobs = await startTestBlobs();
  localDirs = {
    sheets: path.join(work, 'sheets'),
    mail: path.join(work, 'mail'),
    secret: path.join(work, 'local-gateway.secret'),
  };
}, 600_000);

afterAll(async () => {
  await blobs?.stop();
  if (work) await rm(work, { recursive: true, force: true });
});

/** The staff secret the packaged functions are given, as a deploy is. */
const PACKAGED_STAFF_SECRET = 'packaged-staff-secret';

/** Forks the runner in the function's package with only the environment the function needs. */
function runPackaged(name: string, call?: Call): Promise<Run> {
  const cwd = path.join(packages, name);
  return new Promise((resolve, reject) => {
    const child = fork(path.join(work, 'runner.mjs'), [JSON.stringify({ name, call })], {
      cwd,
      execArgv: [],
      env: {
        PATH: process.env.PATH ?? '',
        HOME: work,
        LOCAL_SHEETS_DIR: localDirs.sheets,
        LOCAL_MAIL_DIR: localDirs.mail,
        LOCAL_GATEWAY_SECRET_FILE: localDirs.secret,
        // The COD order below ships as placed: its confirmation (rule 17) is tested elsewhere.
        COD_CONFIRMATION: 'off',
        STAFF_ACTION_SECRET: PACKAGED_STAFF_SECRET,
        // The file's own schema on the run's PostgreSQL server, as a deploy's NETLIFY_DB_URL.
        NETLIFY_DB_URL: process.env.NETLIFY_DB_URL ?? '',
      },
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    let output = '';
    child.stdout?.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr?.on('data', (chunk) => {
      output += chunk;
    });
    let message: { ok: true; result: Run } | { ok: false; error: string } | undefined;
    child.on('message', (received) => {
      message = received as typeof message;
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      if (message?.ok) resolve(message.result);
      else reject(new Error(`${name} failed in its package (exit ${code}):\n${message?.error ?? ''}\n${output}`));
    });
  });
}

/** Every file of a package (its paths relative to it, with `/`), but for its own node_modules. */
async function filesOutsideNodeModules(dir: string, under = ''): Promise<string[]> {
  const files: string[] = [];
  for (const entry of await readdir(path.join(dir, under), { withFileTypes: true })) {
    const file = under ? `${under}/${entry.name}` : entry.name;
    if (file === 'node_modules') continue;
    if (entry.isDirectory()) files.push(...(await filesOutsideNodeModules(dir, file)));
    else files.push(file);
  }
  return files.sort();
}

/** How Netlify hands a function its Blobs: in the invocation, beside the site id header. */
function withBlobs(call: Omit<Call, 'blobs'>): Call {
  const blobsInfo = { url: blobs.url, url_uncached: blobs.url, token: blobs.token };
  return {
    ...call,
    headers: { 'x-nf-site-id': blobs.siteID, ...call.headers },
    blobs: Buffer.from(JSON.stringify(blobsInfo)).toString('base64'),
  };
}

const postJson = (url: string, body: unknown): Omit<Call, 'blobs'> => ({
  url,
  method: 'POST',
  headers: { 'content-type': 'application/json', origin: 'https://shop.example', 'sec-fetch-site': 'same-origin' },
  body: JSON.stringify(body),
});

describe('the functions as Netlify packages them', () => {
  it('packages every file in netlify/functions, with the bundled dataset beside each', () => {
    expect(FUNCTION_NAMES.length).toBeGreaterThan(0);
    expect(path.relative(root, packages).startsWith('..'), 'packaged outside the project').toBe(true);
    expect(packaged.map((fn) => fn.name).sort()).toEqual(FUNCTION_NAMES);
    for (const fn of packaged) {
      expect(fn.bundlerErrors ?? [], fn.name).toEqual([]);
      expect(fn.includedFiles, fn.name).toContain(path.join(root, 'studio/seed/dataset.ndjson'));
      // Lambda's runtime follows the build's Node (netlify.toml's NODE_VERSION): Node 24.
      expect(fn.runtimeVersion, fn.name).toBe('nodejs24.x');
    }
  });

  it('packs none of the project’s own files: beside node_modules, only the function and the bundled dataset', async () => {
    // A path built at run time from an unknown folder (`resolve(dir, \`${id}.html\`)`) once read to
    // Netlify's tracer as "every .html, .json, .csv under the project", and each function that reached
    // the order stack carried .data/, build/client, package.json, the tsconfigs… (src/content/local-file.server.ts).
    // What a package may hold outside its node_modules (where the invoice's fonts are too): Netlify's
    // own entry files, the function's bundle, and netlify.toml's included dataset and its images.
    const allowed = (name: string, file: string) =>
      /^___netlify-[a-z-]+\.mjs$/.test(file) ||
      file === `netlify/functions/${name}.mjs` ||
      file === 'studio/seed/dataset.ndjson' ||
      file.startsWith('studio/seed/images/');
    const strays: Record<string, string[]> = {};
    for (const name of FUNCTION_NAMES) {
      const files = await filesOutsideNodeModules(path.join(packages, name));
      expect(files, name).toContain(`netlify/functions/${name}.mjs`);
      const extra = files.filter((file) => !allowed(name, file));
      if (extra.length > 0) strays[name] = extra;
    }
    expect(strays).toEqual({});
  });

  it.each(FUNCTION_NAMES)('%s loads in its package and nothing it loads is from the project', async (name) => {
    const run = await runPackaged(name);
    expect(run.handler).toBe('function');
    expect(run.defaultExport).toBe('function');
    expect(run.config?.path ?? run.config?.schedule, 'a path or a schedule').toBeTruthy();
    const own = `${path.join(packages, name)}${path.sep}`;
    // The runner saw the ES modules it loaded (on Node 24 an asynchronous hook saw none, and this
    // test passed blind), starting with Netlify's entry point.
    expect(run.modules).toContain(pathToFileURL(path.join(packages, name, '___netlify-entry-point.mjs')).href);
    const outside = run.modules.filter((url) => !new URL(url).pathname.startsWith(own));
    expect(outside).toEqual([]);
    // Its dependencies came from the package's own node_modules.
    expect(run.modules.some((url) => url.includes(`/${name}/node_modules/`))).toBe(true);
  });

  it('GET /api/health answers 200 with the bundled catalogue: "ok" to anyone, the details to staff', async () => {
    const run = await runPackaged('health', withBlobs({ url: 'https://shop.example/api/health', method: 'GET' }));
    expect(run.response?.status, run.response?.body).toBe(200);
    expect(JSON.parse(run.response?.body ?? '')).toEqual({ status: 'ok' });
    const staff = await runPackaged(
      'health',
      withBlobs({
        url: 'https://shop.example/api/health',
        method: 'GET',
        headers: { authorization: `Bearer ${PACKAGED_STAFF_SECRET}` },
      }),
    );
    expect(JSON.parse(staff.response?.body ?? '')).toMatchObject({ ok: true, content: 'bundled', products: 6 });
  });

  it('has no development tools as deployed: the staff desk, the phone and the test gateway answer 404 (issue 46)', async () => {
    for (const [name, url] of [
      ['dev-staff', 'https://shop.example/api/dev/staff'],
      ['dev-whatsapp', 'https://shop.example/api/dev/whatsapp'],
    ] as const) {
      const run = await runPackaged(name, withBlobs({ url, method: 'GET' }));
      expect(run.response?.status, `${name}: ${run.response?.body}`).toBe(404);
    }
    const paid = await runPackaged(
      'local-gateway',
      withBlobs(
        postJson('https://shop.example/api/local-gateway/pay', { razorpay_order_id: 'order_x', outcome: 'success' }),
      ),
    );
    expect(paid.response?.status, paid.response?.body).toBe(404);
    expect(JSON.parse(paid.response?.body ?? '')).toMatchObject({ error: { code: 'NOT_FOUND' } });
  });

  it('places a COD order at the server total that calculate-shipping quoted', async () => {
    const lines = [
      { productId: 1, size: '500gm', quantity: 1 },
      { productId: 6, size: '23gm', quantity: 1 },
    ];
    const quoted = await runPackaged(
      'calculate-shipping',
      withBlobs(
        postJson('https://shop.example/api/delhivery/calculate-shipping', {
          lines,
          pincode: '248001',
          paymentMode: 'cod',
        }),
      ),
    );
    expect(quoted.response?.status, quoted.response?.body).toBe(200);
    const quote = shippingQuoteResponseSchema.parse(JSON.parse(quoted.response?.body ?? ''));

    const orderId = 'OUO_1735000000001';
    const placed = await runPackaged(
      'process-cod',
      withBlobs(
        postJson('https://shop.example/api/checkout/process-cod', {
          orderId,
          customer: makeCustomer(),
          lines,
          paymentMode: 'cod',
          clientTotal: quote.total,
        }),
      ),
    );
    expect(placed.response?.status, placed.response?.body).toBe(201);
    expect(orderResponseSchema.parse(JSON.parse(placed.response?.body ?? ''))).toMatchObject({
      orderId,
      status: 'forwarded',
    });
    // Written where the test's database, sheet and mail folders are: nothing went elsewhere.
    expect(await functionsLog().get(orderId)).toMatchObject({ orderId, status: 'forwarded' });
    const [header, ...rows] = await readCsv(ordersCsv(localDirs.sheets));
    const idColumn = header?.indexOf('Order ID') ?? -1;
    expect(rows.filter((row) => row[idColumn] === orderId)).toHaveLength(lines.length);
    expect(await readFile(path.join(localDirs.mail, `${orderId}.html`), 'utf8')).toContain(orderId);
  });

  it('draws an invoice PDF in the invoice function’s package: its font is there, its text reads back', async () => {
    const invoiceFunction = packaged.find((fn) => fn.name === 'invoice');
    for (const file of Object.values(INVOICE_FONT_FILES)) {
      expect(invoiceFunction?.includedFiles).toContain(path.join(root, file));
    }
    // An order with its key and its invoice: what the invoice function reads.
    const orderId = 'OUO_1735000000002';
    const key = '0123456789abcdef0123456789abcdef';
    await functionsLog().create({ ...bookedOrder({ orderId }), key, invoice: makeInvoice({ orderId }) });
    const run = await runPackaged(
      'invoice',
      withBlobs({
        url: `https://shop.example/orders/${orderId}/invoice.pdf?key=${key}`,
        method: 'GET',
        route: '/orders/:orderId/invoice.pdf',
      }),
    );
    expect(run.response?.status, run.response?.body).toBe(200);
    expect(run.response?.headers['content-type']).toBe('application/pdf');
    const pdf = await getDocumentProxy(new Uint8Array(Buffer.from(run.response?.base64 ?? '', 'base64')));
    const { text } = await extractText(pdf, { mergePages: true });
    expect(text).toContain('Tax Invoice · कर बीजक');
    expect(text).toContain('₹1,294.00');
  });
});
