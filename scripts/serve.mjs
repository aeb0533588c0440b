// `npm start`: serves the production build (build/client) and the functions on one port.
//
// Static files, redirects and headers go through Netlify's own emulation (NetlifyDev), so they
// behave as deployed. Functions run in this process, bundled once with esbuild and imported once,
// like a warm Netlify function: NetlifyDev instead starts a fresh worker thread per request, which
// costs ~2 s of CPU each here and made a checkout take minutes. Netlify Blobs is Netlify's own local
// Blobs server, found by the functions through NETLIFY_BLOBS_CONTEXT exactly as on Netlify. Netlify
// Database is Netlify's own local engine on `.netlify/db-start` (not `npm run dev`'s `.netlify/db`:
// two engines on one folder would not see each other's writes), its migrations applied at start
// (site-build/local-database.ts). LOCAL_DB_DIR gives it another folder, LOCAL_DB_FRESH=1 starts that
// folder empty (the end-to-end server: every run from nothing).
import { createHash } from 'node:crypto';
import { readdir, stat } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { NetlifyDev } from '@netlify/dev';
import { HeadersHandler } from '@netlify/headers';
import { build } from 'esbuild';
import { LocalDatabaseError, startLocalDatabase } from '../site-build/local-database.ts';
import {
  compilePath,
  FUNCTIONS_DIR,
  findRoute,
  functionContext,
  functionFiles,
  functionName,
  routesOf,
  startDevelopmentTools,
  startLocalBlobs,
  toWebRequest,
} from '../site-build/local-functions.ts';

const root = path.resolve(import.meta.dirname, '..');
// `npm start -- --dev-tools`: this is a developer's machine, and the development tools answer —
// the staff desk, the development phone, the local test gateway, a scheduled function run on a POST
// to /.netlify/functions/<name> (the end-to-end tests and the orders bench ask for them). Without
// it the build is served as deployed: none of them (issue 46, netlify/lib/platform/local-machine.ts).
const devTools = process.argv.includes('--dev-tools');
if (devTools) startDevelopmentTools();
const port = Number(process.env.PORT ?? 8888);
const host = process.env.HOST ?? 'localhost';
const origin = `http://${host}:${port}`;

const clientDir = path.join(root, 'build/client');
// Bench only: SERVE_EXTRA_STATIC_DIR names one more folder of static files, served after
// build/client through the same emulation (same headers, compression and status rules). The pages
// bench (bench/lighthouse.mjs) puts its floor pages there (`__floor/<route>/index.html`, the built
// page without its scripts) so they are served at /__floor/<route> beside the real pages. Unset, as
// in `npm start`, only the build is served.
const extraStaticDir = process.env.SERVE_EXTRA_STATIC_DIR;
const staticDirs = extraStaticDir ? [clientDir, path.resolve(extraStaticDir)] : [clientDir];
await stat(path.join(clientDir, '404.html')).catch(() => {
  console.error('No build found: run `npm run build` first.');
  process.exit(1);
});

// Netlify Blobs: the same local server and folder that `npm run dev` uses (site-build/local-functions.ts).
const blobs = await startLocalBlobs(root);
// Netlify Database: the local engine on a folder of its own, migrated; a failure says what to do.
// With NETLIFY_DB_URL already set (the orders bench's throw-away PostgreSQL), that server instead:
// no local engine, and the functions' pool of 10 as deployed (netlify/lib/platform/database.ts);
// its schema is the caller's to migrate. LOCAL_DB_DIR and LOCAL_DB_FRESH do not apply to it.
const outsideUrl = process.env.NETLIFY_DB_URL?.trim();
const db = outsideUrl
  ? outsideDatabase(outsideUrl)
  : await startLocalDatabase(root, process.env.LOCAL_DB_DIR || '.netlify/db-start', {
      fresh: process.env.LOCAL_DB_FRESH === '1',
    }).then(
      (local) => ({ ...local, summary: `${local.summary} (Netlify's local engine)` }),
      async (error) => {
        await blobs.stop();
        if (!(error instanceof LocalDatabaseError)) throw error;
        console.error(error.message);
        process.exit(1);
      },
    );

/**
 * The PostgreSQL server at NETLIFY_DB_URL, as the start line names it: user, host, port, database
 * and search path, never the password. Nothing to stop: the functions' pool ends with the process.
 * @param {string} url
 * @returns {{ summary: string, stop: () => Promise<void> }}
 */
function outsideDatabase(url) {
  let shown;
  try {
    const parsed = new URL(url);
    const searchPath = /search_path=([^\s&]+)/.exec(parsed.searchParams.get('options') ?? '')?.[1];
    shown = `${parsed.protocol}//${parsed.username ? `${parsed.username}@` : ''}${parsed.host}${parsed.pathname}${searchPath ? `, search_path ${searchPath}` : ''}`;
  } catch {
    console.error('NETLIFY_DB_URL is not a connection string (postgres://user:password@host:port/database).');
    process.exit(1);
  }
  return {
    summary: `the PostgreSQL server at NETLIFY_DB_URL (${shown}; pool of 10, no local engine)`,
    stop: async () => {},
  };
}

// Functions: bundle each netlify/functions/*.mts once, import it once, route by its config.path.
const functionsDir = path.join(root, FUNCTIONS_DIR);
const entryPoints = functionFiles(await readdir(functionsDir));
const outdir = path.join(root, '.netlify/serve-functions');
await build({
  entryPoints: entryPoints.map((file) => path.join(functionsDir, file)),
  outdir,
  outExtension: { '.js': '.mjs' },
  bundle: true,
  packages: 'external',
  platform: 'node',
  format: 'esm',
  target: 'node20',
  logLevel: 'warning',
});
/** @type {Map<string, import('../site-build/local-functions.ts').FunctionHandler>} */
const handlers = new Map();
/** @type {import('../site-build/local-functions.ts').FunctionRoute[]} */
const routes = [];
for (const file of entryPoints) {
  const name = functionName(file);
  /** @type {import('../site-build/local-functions.ts').FunctionModule} */
  const module = await import(pathToFileURL(path.join(outdir, `${name}.mjs`)).href);
  handlers.set(name, module.default);
  // Netlify gives a scheduled function no address: as deployed, nothing outside can run one.
  routes.push(...routesOf(name, module.config).filter((route) => devTools || !route.scheduled));
}

const netlify = new NetlifyDev({
  projectRoot: root,
  serverAddress: null,
  functions: { enabled: false },
  blobs: { enabled: false },
  edgeFunctions: { enabled: false },
  geolocation: { enabled: false },
  database: { enabled: false },
  images: { enabled: false },
  aiGateway: { enabled: false },
  staticFiles: { enabled: true, directories: staticDirs },
});
await netlify.start();

// NetlifyDev serves a rewrite's target with the target's own status; Netlify answers with the
// rule's (our `/products/*` → SPA fallback rules say 404). Rules apply only where no file exists.
// getConfig is not in NetlifyDev's public types, but it is the config the emulation itself serves by.
/** @type {{ from: string; status: number }[]} */
const redirects =
  // @ts-expect-error private in the types, public at run time
  (await netlify.getConfig())?.config?.redirects ?? [];
const statusRules = redirects
  .filter((rule) => rule.status >= 400)
  .map((rule) => ({ pattern: compilePath(rule.from), status: rule.status }));

/** @param {string} file */
async function isFile(file) {
  return stat(file).then(
    (info) => info.isFile(),
    () => false,
  );
}

/**
 * Whether build/client (or the bench's extra folder) has a file for this address, as Netlify's
 * static handler looks it up.
 * @param {string} pathname
 */
async function hasStaticFile(pathname) {
  for (const directory of staticDirs) {
    const file = path.join(directory, decodeURIComponent(pathname));
    if (file !== directory && !file.startsWith(`${directory}${path.sep}`)) continue;
    if ((await isFile(file)) || (await isFile(path.join(file, 'index.html'))) || (await isFile(`${file}.html`)))
      return true;
  }
  return false;
}

// A file shadows a rule (`/products/3` has its page; `/products/*` → the SPA fallback applies only
// where none does): NetlifyDev serves the file but gives it the headers of the rule's target
// (`/__spa-fallback.html`, so only `/*`'s). With no rewrite, Netlify matches the address asked
// for, as for any file: the page's own rule, after `/*`, gives its own Content-Security-Policy.
const headerRules = new HeadersHandler({
  projectDir: root,
  publishDir: 'build/client',
  configPath: path.join(root, 'netlify.toml'),
  configHeaders: [],
  logger: console,
});

/**
 * @param {string} pathname
 * @param {Response} response
 */
async function withRuleStatus(pathname, response) {
  if (response.status !== 200) return response;
  if (await hasStaticFile(pathname)) {
    await headerRules.apply(new Request(new URL(pathname, origin)), response);
    return response;
  }
  const rule = statusRules.find((candidate) => candidate.pattern.test(pathname));
  if (!rule) return response;
  return new Response(response.body, { status: rule.status, headers: response.headers });
}

const COMPRESSIBLE = /^(text\/|application\/(javascript|json|xml|manifest\+json)|image\/svg\+xml)/;

/**
 * Netlify's CDN sends text compressed (Brotli, else gzip) to browsers that accept it; so does this
 * server, or the bench would time a download three times larger than a shopper's. Files are
 * compressed once at the best level, as a CDN caches them; functions' answers are streamed.
 * @param {http.IncomingMessage} req
 * @param {Headers} headers
 * @returns {'br' | 'gzip' | undefined}
 */
function encodingFor(req, headers) {
  if (headers.has('content-encoding') || !COMPRESSIBLE.test(headers.get('content-type') ?? '')) return undefined;
  const accepted = String(req.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepted)) return 'br';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return undefined;
}

/** Compressed copies of static files, by encoding and content: each file is compressed once. */
/** @type {Map<string, Promise<Buffer>>} */
const compressedFiles = new Map();

/**
 * @param {Buffer} body
 * @param {'br' | 'gzip'} encoding
 */
async function compressFile(body, encoding) {
  const key = `${encoding}:${createHash('sha1').update(body).digest('hex')}`;
  let compressed = compressedFiles.get(key);
  if (!compressed) {
    compressed =
      encoding === 'br'
        ? promisify(zlib.brotliCompress)(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } })
        : promisify(zlib.gzip)(body, { level: 9 });
    compressedFiles.set(key, compressed);
  }
  return compressed;
}

/**
 * `fromFile`: a file of the build (cached compressed); otherwise a function's answer (streamed).
 * @param {http.ServerResponse} res
 * @param {Response} response
 * @param {http.IncomingMessage} [req]
 */
async function send(res, response, req, { fromFile = false } = {}) {
  const headers = new Headers(response.headers);
  const encoding = req && response.body ? encodingFor(req, headers) : undefined;
  if (encoding) {
    headers.set('content-encoding', encoding);
    headers.delete('content-length');
    headers.append('vary', 'Accept-Encoding');
  }
  if (encoding && fromFile) {
    const body = await compressFile(Buffer.from(await response.arrayBuffer()), encoding);
    headers.set('content-length', String(body.length));
    res.writeHead(response.status, Object.fromEntries(headers));
    return res.end(body);
  }
  res.writeHead(response.status, Object.fromEntries(headers));
  if (!response.body) return res.end();
  const body = Readable.fromWeb(/** @type {import('node:stream/web').ReadableStream} */ (response.body));
  if (!encoding) return body.pipe(res);
  const compress =
    encoding === 'br'
      ? zlib.createBrotliCompress({ params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } })
      : zlib.createGzip({ level: 6 });
  body.pipe(compress).pipe(res);
}

/** @param {string} pathname */
function decodable(pathname) {
  try {
    decodeURIComponent(pathname);
    return true;
  } catch {
    return false;
  }
}

const server = http.createServer(async (req, res) => {
  try {
    const url = new URL(req.url ?? '/', origin);
    const target = findRoute(routes, req.method ?? 'GET', url.pathname);
    const handler = target && handlers.get(target.route.name);
    if (target && handler)
      return send(res, await handler(toWebRequest(req, origin), functionContext(req, target.params)), req);
    // An address with a broken escape (`/%`, `/%E0%A4%A`) is no file and no page: NetlifyDev's
    // redirect matcher throws on it (a 500 before, issue 46's probe); say so instead.
    if (!decodable(url.pathname)) {
      res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' });
      return res.end('Bad request: the address is not valid.');
    }
    const result = await netlify.handleAndIntrospectNodeRequest(req, { serverAddress: origin });
    const fromFile = { fromFile: result?.type === 'static' || result?.type === 'redirect' };
    if (result?.type === 'redirect')
      return send(res, await withRuleStatus(url.pathname, result.response), req, fromFile);
    if (result) return send(res, result.response, req, fromFile);
    // Netlify's answer for an address with no file and no rule: the site's 404.html, status 404,
    // with the headers every address gets (`/*` in build/client/_headers), read by the emulation.
    const notFound = await netlify.handle(new Request(new URL('/404.html', origin)), { serverAddress: origin });
    if (!notFound) throw new Error('build/client/404.html is missing');
    return send(res, new Response(notFound.body, { status: 404, headers: notFound.headers }), req, { fromFile: true });
  } catch (error) {
    console.error(error);
    if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
    res.end('Internal error');
  }
});

server.listen(port, host, () => {
  console.log(`Database: ${db.summary}.`);
  console.log(
    devTools
      ? `Shop (production build) at ${origin}, with the development tools (--dev-tools): /dev/staff, /dev/whatsapp, the local test gateway, POST /.netlify/functions/<name> runs a scheduled function. Never let anyone else reach this server.`
      : `Shop (production build) at ${origin}, as deployed: no development tools (\`npm start -- --dev-tools\` for /dev/staff, /dev/whatsapp, the local test gateway and running a scheduled function now).`,
  );
});

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, async () => {
    server.close();
    await Promise.allSettled([netlify.stop(), blobs.stop(), db.stop()]);
    process.exit(0);
  });
}
