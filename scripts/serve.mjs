// `npm start`: serves the production build (build/client) and the functions on one port.
//
// Static files, redirects and headers go through Netlify's own emulation (NetlifyDev), so they
// behave as deployed. Functions run in this process, bundled once with esbuild and imported once,
// like a warm Netlify function: NetlifyDev instead starts a fresh worker thread per request, which
// costs ~2 s of CPU each here and made a checkout take minutes. Netlify Blobs is Netlify's own local
// Blobs server, found by the functions through NETLIFY_BLOBS_CONTEXT exactly as on Netlify.
import { createHash } from 'node:crypto';
import { readdir, stat } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { BlobsServer } from '@netlify/blobs/server';
import { NetlifyDev } from '@netlify/dev';
import { HeadersHandler } from '@netlify/headers';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
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

// Netlify Blobs: the same local server and folder that `netlify dev` uses.
const blobsToken = 'local-blobs-token';
const blobs = new BlobsServer({ directory: path.join(root, '.netlify/blobs-serve'), token: blobsToken });
const { port: blobsPort } = await blobs.start();
const blobsURL = `http://localhost:${blobsPort}`;
process.env.NETLIFY_BLOBS_CONTEXT = Buffer.from(
  JSON.stringify({ siteID: '0', token: blobsToken, edgeURL: blobsURL, uncachedEdgeURL: blobsURL }),
).toString('base64');

// Functions: bundle each netlify/functions/*.mts once, import it once, route by its config.path.
const functionsDir = path.join(root, 'netlify/functions');
const entryPoints = (await readdir(functionsDir)).filter((file) => file.endsWith('.mts'));
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
/** @type {{ pattern: RegExp; methods: string[] | undefined; handler: (request: Request, context: object) => Promise<Response> | Response }[]} */
const routes = [];
for (const file of entryPoints) {
  const module = await import(pathToFileURL(path.join(outdir, file.replace(/\.mts$/, '.mjs'))).href);
  const { path: routePath, method, schedule } = module.config ?? {};
  const methods = method ? [method].flat() : undefined;
  // One address or several (the invoice's page and PDF, its credit note's): each routes to the function.
  for (const one of routePath ? [routePath].flat() : [])
    routes.push({ pattern: compilePath(one), methods, handler: module.default });
  // A scheduled function has no address on Netlify; locally, as with `netlify functions:invoke`,
  // it runs on a POST to /.netlify/functions/<name>, so a developer or a test can run it now.
  if (!routePath && schedule) {
    const name = file.replace(/\.mts$/, '');
    routes.push({ pattern: compilePath(`/.netlify/functions/${name}`), methods: ['POST'], handler: module.default });
  }
}

/**
 * Netlify's `config.path` syntax as far as we use it: literal segments, `:name` and a trailing `*`.
 * @param {string} routePath
 */
function compilePath(routePath) {
  const source = routePath
    .split('/')
    .map((segment) =>
      segment.startsWith(':')
        ? `(?<${segment.slice(1)}>[^/]+)`
        : segment === '*'
          ? '.*'
          : segment.replace(/[.+?^${}()|[\]\\]/g, '\\$&'),
    )
    .join('/');
  return new RegExp(`^${source}/?$`);
}

/**
 * The function whose path and method match, as Netlify routes them; otherwise the request falls through.
 * @param {string} method
 * @param {URL} url
 */
function findFunction(method, url) {
  for (const route of routes) {
    const match = route.pattern.exec(url.pathname);
    if (match && (!route.methods || route.methods.includes(method))) return { route, params: { ...match.groups } };
  }
  return undefined;
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

/** @param {http.IncomingMessage} req */
function toWebRequest(req) {
  const url = new URL(req.url ?? '/', origin);
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers.set(key, Array.isArray(value) ? value.join(', ') : value);
  }
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
  return new Request(url, {
    method: req.method,
    headers,
    // Node's web stream type and the DOM's differ only in typing; Request accepts it at run time.
    ...(hasBody ? { body: /** @type {ReadableStream} */ (Readable.toWeb(req)), duplex: 'half' } : {}),
  });
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

const server = http.createServer(async (req, res) => {
  try {
    const url = new URL(req.url ?? '/', origin);
    const target = findFunction(req.method ?? 'GET', url);
    if (target) {
      const context = { params: target.params, geo: {}, ip: req.socket.remoteAddress ?? '127.0.0.1', site: {} };
      return send(res, await target.route.handler(toWebRequest(req), context), req);
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

server.listen(port, host, () => console.log(`Shop (production build) at ${origin}`));

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, async () => {
    server.close();
    await Promise.allSettled([netlify.stop(), blobs.stop()]);
    process.exit(0);
  });
}
