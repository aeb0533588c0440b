// @ts-check
// First-load weight of a prerendered route, read from the build (build/client): the JavaScript and
// CSS a browser must download before the page hydrates, each file gzipped (level 9) on its own as a
// server would send it. Used by `npm run bench` (bench/lighthouse.mjs) and by the size budgets that
// `npm test` enforces (tests/e2e/size-budget.spec.ts).
//
// React Router's prerendered HTML names its assets three ways: `<link rel="modulepreload">` for the
// manifest, the client entry, the route modules and their chunks; one inline `<script type="module">`
// that imports the manifest and the route modules and then dynamically imports the client entry
// (hydration starts there, so that one dynamic import counts); and `<link rel="stylesheet">`. The
// build rewrites that (site-build/defer-hydration.ts, decision 015): the modulepreload links go, the
// inline module imports everything dynamically behind the hydration gate, and the gate, a classic
// inline script, preloads the same list once it opens (after the load event). Every import of the
// inline module and every module the gate lists count; so do the static imports of every one of
// those modules (esbuild parses them), so a chunk the page forgot to preload still counts — it is
// listed in `notPreloaded` (preloaded: named by a modulepreload link, a module script's src or the
// gate).
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

/**
 * @typedef {{ file: string, bytes: number, gzip: number }} AssetSize
 *   `file` relative to the client folder, e.g. `assets/root-BtZ0_oMm.js`.
 * @typedef {{ files: AssetSize[], bytes: number, gzip: number }} AssetGroup
 * @typedef {{
 *   path: string,
 *   routeIds: string[],
 *   html: AssetSize,
 *   js: AssetGroup,
 *   css: AssetGroup,
 *   notPreloaded: string[],
 *   staticScript?: { bytes: number, gzip: number },
 * }} RouteWeight
 *   `staticScript`: on a page that loads no React (decision 028), the early script it runs instead,
 *   inline in its HTML (and so counted in `html` too).
 * @typedef {{
 *   modulePreloads: string[],
 *   gatePreloads: string[],
 *   moduleScripts: string[],
 *   inlineModules: string[],
 *   stylesheets: string[],
 *   staticScript?: string,
 * }} HtmlAssets
 *   `gatePreloads`: the modules the hydration gate preloads once it opens (its JSON array).
 *   `staticScript`: the early script of a page that loads no React, started in static mode.
 */

const INLINE_NAMESPACE = 'route-weight-inline';
/** How the early script ends on a page that loads no React (site-build/defer-hydration.ts, `staticScript`). */
const STATIC_START = /__ouo\.early\.startStatic\(\{[^)]*\}\);?\s*$/;

/** The prerendered HTML file of a URL path: `/` → `index.html`, `/blog/1` → `blog/1/index.html`. */
export function htmlFileFor(/** @type {string} */ clientDir, /** @type {string} */ urlPath) {
  const segments = urlPath.split('/').filter(Boolean);
  return path.join(clientDir, ...segments, 'index.html');
}

/** Every prerendered URL path in the build (each `…/index.html`), sorted. */
export async function prerenderedPaths(/** @type {string} */ clientDir) {
  const files = await readdir(clientDir, { recursive: true });
  return files
    .filter((file) => path.basename(file) === 'index.html')
    .map((file) => {
      const directory = path.dirname(file).split(path.sep).join('/');
      return directory === '.' ? '/' : `/${directory}`;
    })
    .sort();
}

/**
 * The asset references in a prerendered page, as written (site-absolute URLs such as `/assets/x.js`).
 * @param {string} html
 * @returns {HtmlAssets}
 */
export function parseHtmlAssets(html) {
  /** @type {HtmlAssets} */
  const found = { modulePreloads: [], gatePreloads: [], moduleScripts: [], inlineModules: [], stylesheets: [] };
  for (const [, attributes = ''] of html.matchAll(/<link\b([^>]*)>/gi)) {
    const rel = attribute(attributes, 'rel')?.toLowerCase().split(/\s+/) ?? [];
    const href = attribute(attributes, 'href');
    if (!href) continue;
    if (rel.includes('modulepreload')) found.modulePreloads.push(href);
    if (rel.includes('stylesheet')) found.stylesheets.push(href);
  }
  for (const [, attributes = '', body = ''] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const type = attribute(attributes, 'type')?.toLowerCase();
    if (!type || type === 'text/javascript') found.gatePreloads.push(...gatePreloads(body));
    if (!type && STATIC_START.test(body)) found.staticScript = body;
    if (type !== 'module') continue;
    const src = attribute(attributes, 'src');
    if (src) found.moduleScripts.push(src);
    else if (body.trim()) found.inlineModules.push(body);
  }
  return found;
}

/**
 * The modules a hydration gate preloads: the early script ends `…__ouo.early.startEarly(["/assets/…", …],false);`
 * (site-build/defer-hydration.ts, `gateScript`), so its first argument is the JSON array at the end.
 * On a page without React the same script ends `…__ouo.early.startStatic({…});` (`staticScript`,
 * decision 028) and preloads nothing. Any other inline script names none.
 * @param {string} body an inline classic script
 * @returns {string[]}
 */
function gatePreloads(body) {
  // The gate is started as `__ouo.early.startEarly(…)` (`__ouo`: the early script's one global,
  // src/early/global.ts); /cart's inline call to `__ouo.early.drawCart` is not a gate.
  if (!/__ouo\.(?:gate\b|early\.startEarly\()/.test(body) || STATIC_START.test(body)) return [];
  const list = /startEarly\((\[[^\]]*\])(?:,[^)]*)?\);?\s*$/.exec(body)?.[1]; // ([modules], eager)
  if (!list) throw new Error('found the hydration gate but not the list of modules it preloads');
  const parsed = JSON.parse(list);
  if (!Array.isArray(parsed) || !parsed.every((href) => typeof href === 'string'))
    throw new Error(`the hydration gate's list is not a list of addresses: ${list}`);
  return parsed;
}

/** The route ids the page hydrates, from React Router's `window.__reactRouterRouteModules = {…}`. */
export function parseRouteIds(/** @type {string} */ html) {
  const modules = /__reactRouterRouteModules\s*=\s*\{([^}]*)\}/.exec(html)?.[1] ?? '';
  return [...modules.matchAll(/"([^"]+)"\s*:/g)].map((match) => match[1] ?? '');
}

/**
 * First-load weight of one prerendered route.
 * @param {string} clientDir the build's client folder (`build/client`)
 * @param {string} urlPath e.g. `/products/3`
 * @returns {Promise<RouteWeight>}
 */
export async function routeWeight(clientDir, urlPath) {
  clientDir = path.resolve(clientDir);
  const htmlFile = htmlFileFor(clientDir, urlPath);
  const html = await readFile(htmlFile, 'utf8');
  const assets = parseHtmlAssets(html);
  const local = (/** @type {string} */ href) => localFile(clientDir, href, htmlFile);

  const preloaded = [...assets.modulePreloads, ...assets.gatePreloads, ...assets.moduleScripts]
    .map(local)
    .filter(isDefined);
  const scripts = await staticModuleGraph(clientDir, preloaded, assets.inlineModules);
  const stylesheets = assets.stylesheets.map(local).filter(isDefined);
  const preloadedSet = new Set(preloaded);
  return {
    path: urlPath,
    routeIds: parseRouteIds(html),
    html: { file: relative(clientDir, htmlFile), ...sizes(Buffer.from(html)) },
    js: await group(clientDir, scripts),
    css: await group(clientDir, stylesheets),
    notPreloaded: scripts.filter((file) => !preloadedSet.has(file)).map((file) => relative(clientDir, file)),
    ...(assets.staticScript === undefined ? {} : { staticScript: sizes(Buffer.from(assets.staticScript)) }),
  };
}

/**
 * The modules to download before hydration: the given ones, every module the inline scripts import
 * (statically or, for the client entry, dynamically), and everything those import statically.
 * Dynamic imports inside modules load later, on demand, and are not followed.
 * @param {string} clientDir
 * @param {string[]} files absolute paths
 * @param {string[]} inlineModules source of inline `<script type="module">`s
 * @returns {Promise<string[]>} absolute paths, first-seen order
 */
async function staticModuleGraph(clientDir, files, inlineModules) {
  const graph = await buildGraph(clientDir);
  const seen = new Set(files);
  const queue = [...files];
  for (const imported of (await parseImports(clientDir, [], inlineModules)).values()) {
    for (const { file } of imported) {
      if (seen.has(file)) continue;
      seen.add(file);
      queue.push(file);
    }
  }
  for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
    for (const imported of graph.get(file) ?? []) {
      if (imported.dynamic || seen.has(imported.file)) continue;
      seen.add(imported.file);
      queue.push(imported.file);
    }
  }
  return [...seen];
}

/** @type {Map<string, Promise<ImportGraph>>} */
const graphs = new Map();

/**
 * The imports of every JavaScript file in the client folder, parsed once per folder and process
 * (build outputs are content-hashed, so a rebuild brings new names).
 * @typedef {Map<string, { file: string, dynamic: boolean }[]>} ImportGraph
 * @returns {Promise<ImportGraph>}
 */
function buildGraph(/** @type {string} */ clientDir) {
  let graph = graphs.get(clientDir);
  if (!graph) {
    graph = readdir(clientDir, { recursive: true }).then((entries) =>
      parseImports(
        clientDir,
        entries.filter((entry) => /\.m?js$/.test(entry)).map((entry) => path.join(clientDir, entry)),
        [],
      ),
    );
    graphs.set(clientDir, graph);
  }
  return graph;
}

/**
 * Each module's imports as esbuild parses them (nothing is bundled: every import stays external).
 * Keys are absolute paths, or `inline:<n>` for inline scripts; imported files are absolute paths
 * (site-absolute URLs such as `/assets/x.js` are files in the client folder).
 * @param {string} clientDir
 * @param {string[]} files absolute paths
 * @param {string[]} inlineModules
 * @returns {Promise<ImportGraph>}
 */
async function parseImports(clientDir, files, inlineModules) {
  const inlineIds = inlineModules.map((_, index) => `${INLINE_NAMESPACE}:${index}`);
  if (files.length + inlineIds.length === 0) return new Map();
  const result = await build({
    absWorkingDir: clientDir,
    entryPoints: [...files, ...inlineIds],
    bundle: true,
    write: false,
    metafile: true,
    outdir: path.join(clientDir, '.route-weight'), // never written (write: false)
    format: 'esm',
    platform: 'browser',
    logLevel: 'silent', // `import(variable)` in React Router's runtime warns; it cannot be followed anyway
    plugins: [
      {
        name: 'route-weight',
        setup(builder) {
          builder.onResolve({ filter: /.*/ }, (args) => {
            if (args.kind === 'entry-point')
              return args.path.startsWith(`${INLINE_NAMESPACE}:`)
                ? { path: args.path, namespace: INLINE_NAMESPACE }
                : undefined;
            const withoutQuery = args.path.split(/[?#]/)[0] ?? '';
            // Site-absolute URLs (`/assets/x.js`) are files in the client folder; another site's
            // module or a bare name is not in the build and is dropped below.
            if (withoutQuery.startsWith('/') && !withoutQuery.startsWith('//'))
              return { path: path.join(clientDir, decodeURIComponent(withoutQuery)), external: true };
            if (withoutQuery.startsWith('.'))
              return { path: path.resolve(args.resolveDir, decodeURIComponent(withoutQuery)), external: true };
            return { path: args.path, external: true };
          });
          builder.onLoad({ filter: /.*/, namespace: INLINE_NAMESPACE }, (args) => ({
            contents: inlineModules[Number(args.path.split(':')[1])] ?? '',
            loader: 'js',
            resolveDir: clientDir,
          }));
        },
      },
    ],
  });
  /** @type {ImportGraph} */
  const graph = new Map();
  for (const [key, input] of Object.entries(result.metafile?.inputs ?? {})) {
    const imports = input.imports
      .filter((imported) => imported.kind === 'import-statement' || imported.kind === 'dynamic-import')
      .filter((imported) => path.isAbsolute(imported.path))
      .map((imported) => ({ file: imported.path, dynamic: imported.kind === 'dynamic-import' }));
    graph.set(key.startsWith(`${INLINE_NAMESPACE}:`) ? key : path.resolve(clientDir, key), imports);
  }
  return graph;
}

/** @type {Map<string, { bytes: number, gzip: number }>} */
const measuredFiles = new Map();

/** @returns {Promise<AssetGroup>} */
async function group(/** @type {string} */ clientDir, /** @type {string[]} */ files) {
  const measure = async (/** @type {string} */ file) => {
    const { mtimeMs, size } = await stat(file);
    const key = `${file}:${mtimeMs}:${size}`;
    let measured = measuredFiles.get(key);
    if (!measured) {
      measured = sizes(await readFile(file));
      measuredFiles.set(key, measured);
    }
    return { file: relative(clientDir, file), ...measured };
  };
  const measured = await Promise.all([...new Set(files)].map(measure));
  return {
    files: measured,
    bytes: measured.reduce((sum, asset) => sum + asset.bytes, 0),
    gzip: measured.reduce((sum, asset) => sum + asset.gzip, 0),
  };
}

/** Raw and gzip (level 9) size of one file's bytes. */
export function sizes(/** @type {Buffer} */ content) {
  return { bytes: content.length, gzip: gzipSync(content, { level: 9 }).length };
}

/**
 * The file in the client folder that a same-site URL names; undefined for another site's URL.
 * @param {string} clientDir
 * @param {string} href
 * @param {string} htmlFile the page the URL appears in (for relative URLs)
 */
function localFile(clientDir, href, htmlFile) {
  const pageUrl = new URL(`/${relative(clientDir, htmlFile)}`, 'http://site.invalid');
  const url = new URL(href, pageUrl);
  if (url.origin !== pageUrl.origin) return undefined;
  return path.join(clientDir, decodeURIComponent(url.pathname));
}

/**
 * An attribute's value in a tag's attribute text (any quoting), or undefined.
 * @param {string} attributes @param {string} name
 */
export function attribute(attributes, name) {
  const match = new RegExp(`(?:^|\\s)${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s"'>]+))`, 'i').exec(attributes);
  return match ? (match[1] ?? match[2] ?? match[3]) : undefined;
}

/** @param {string} clientDir @param {string} file */
function relative(clientDir, file) {
  return path.relative(clientDir, file).split(path.sep).join('/');
}

/**
 * @template T
 * @param {T | undefined} value
 * @returns {value is T}
 */
function isDefined(value) {
  return value !== undefined;
}
