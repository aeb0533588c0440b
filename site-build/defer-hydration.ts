/**
 * Hydration after the first paint (docs/decisions/015-hydrate-after-first-paint.md): rewrites each
 * prerendered page so that no JavaScript is requested before the page has painted.
 *
 * React Router's `<Scripts>` writes, for every page, one `<link rel="modulepreload">` per module
 * it will hydrate with (React hoists them into <head>, before the stylesheet) and an inline
 * `<script type="module">` whose static imports fetch those modules at once. It has no switch to
 * defer them, so the build rewrites its output:
 *
 * - the modulepreload links go; their addresses go to the hydration gate (src/early/gate.ts),
 *   inlined in <head> right after `<meta charset>`, which preloads them after the first paint. The
 *   charset stays first: the HTML standard wants it within the first 1024 bytes, and the gate is
 *   ~1.7 kB. Nothing before the gate runs or waits for anything, so it still sees every tap, and it
 *   stays before the stylesheet (a script after a stylesheet waits for it);
 * - the bootstrap's static imports become one `Promise.all` of dynamic imports behind
 *   `await window.__ouo.gate`, the gate's promise; the rest of the bootstrap is kept word for word.
 *
 * The pages of the routes built static (`staticRoutes`: the blog, the policies, the story and
 * traceability pages, the 404 page) load no React at all (decision 028): React Router's scripts,
 * its streamed data and its modulepreload links go (site-build/static-pages.ts), and the early
 * script runs the menu, the badge and the Print button on its own (`staticPage`).
 *
 * Only the build's HTML changes; `npm run dev` renders as React Router does.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runInNewContext } from 'node:vm';
import { buildSync } from 'esbuild';
import { routeIds, staticControlProblems, withoutReactRouterScripts } from './static-pages.ts';

const MODULE_PRELOAD = /<link\s+rel="modulepreload"\s+href="([^"]+)"[^>]*\/?>/g;
const BOOTSTRAP = /<script type="module" async="">([\s\S]*?)<\/script>/;
const STATIC_IMPORT = /^import (?:\* as (\w+) from )?("[^"]+");$/gm;
/** The charset declaration, which root.tsx writes first in <head>: the gate goes right after it. */
const CHARSET = /<meta charset="[^"]*"\s*\/?>/i;

/**
 * The page with its JavaScript deferred past the first paint; a page without React Router's
 * bootstrap is returned as it is. `eager`: the page's content is drawn in the browser (the cart, an
 * order), so its scripts start at once; taps and fields are still held until it is live.
 */
export function deferHydration(html: string, { eager = false } = {}): string {
  const bootstrap = BOOTSTRAP.exec(html);
  // Not React Router's page, or already deferred (a second pass changes nothing).
  if (!bootstrap?.[1]?.includes('__reactRouterRouteModules') || bootstrap[1].includes('__ouo.gate')) return html;
  const preloads = [...html.matchAll(MODULE_PRELOAD)].map((match) => match[1] ?? '');
  const body = deferImports(bootstrap[1], preloads);
  const gate = `<script>${gateScript(preloads, eager, earlyGroupsFor(html))}</script>`;
  return html
    .replace(MODULE_PRELOAD, '')
    .replace(bootstrap[0], `<script type="module" async="">${body}</script>`)
    .replace(CHARSET.test(html) ? CHARSET : /<head>/, (place) => `${place}${gate}`);
}

/**
 * React Router's bootstrap with its static imports turned into dynamic ones, run once the gate opens.
 * The modules are evaluated in steps, each a task of its own with the gate's pause between
 * (`__ouo.pause`): first the chunks the routes share (`preloads` the bootstrap does not name: the
 * framework, the app's shared code), then the routes, then the rest (entry.client, which hydrates).
 * Evaluated at once they were one task of ~200 ms at 4× CPU, and a tap in it waited for all of it
 * (decision 028).
 */
export function deferImports(bootstrap: string, preloads: readonly string[] = []): string {
  const names: string[] = [];
  const specifiers: string[] = [];
  const rest = bootstrap.replace(STATIC_IMPORT, (_line, name: string | undefined, specifier: string) => {
    names.push(name ?? '');
    specifiers.push(`import(${specifier})`);
    return '';
  });
  const named = new Set([...bootstrap.matchAll(/"([^"]+)"/g)].map((match) => match[1]));
  const shared = preloads
    .filter((href) => !named.has(href))
    .map((href) => `await import(${JSON.stringify(href)});\n${PAUSE}`);
  const routes =
    specifiers.length === 0
      ? ''
      : `const [${names.join(', ')}] = await Promise.all([${specifiers.join(', ')}]);\n${PAUSE}`;
  return `await window.__ouo.gate;\n${shared.join('')}${routes}${rest.trim()}`;
}

/** The gate's pause between two steps of evaluating the modules (src/early/gate.ts). */
const PAUSE = 'await window.__ouo.pause();\n';

/**
 * The page without React (decision 028): no React Router scripts, no modulepreload, and the early
 * script in static mode right after the charset, where the gate would be. Throws if the page has a
 * control that only React would run (site-build/static-pages.ts). A page without React Router's
 * bootstrap (one already static) is returned as it is.
 */
export function staticPage(html: string, options: StaticOptions = {}): string {
  if (!BOOTSTRAP.exec(html)?.[1]?.includes('__reactRouterRouteModules')) return html;
  const page = withoutReactRouterScripts(html).replace(MODULE_PRELOAD, '');
  if (/<script\b[^>]*\ssrc=|<script type="module"|__reactRouter/.test(page))
    throw new Error('React Router left a script in the page after its scripts were taken out');
  const problems = staticControlProblems(page, earlyActionNames().staticActions ?? []);
  if (problems.length > 0)
    throw new Error(`controls only React runs, so the page cannot be built static: ${problems.join(' ')}`);
  const script = `<script>${staticScript(options)}</script>`;
  return page.replace(CHARSET.test(page) ? CHARSET : /<head>/, (place) => `${place}${script}`);
}

/** Which pages are built how (react-router.config.ts). */
export interface PageKinds {
  /** The pages (`/cart`) whose scripts start at once (see deferHydration). */
  eagerPaths?: readonly string[];
  /** The route ids (`routes/blog.$id`) whose pages load no React (see staticPage). */
  staticRoutes?: readonly string[];
  /** The build's VITE_META_PIXEL_ID: a static page sends the pixel's PageView itself. */
  pixelId?: string;
}

/**
 * Rewrites every prerendered page of the client folder in place; returns how many changed. A page
 * whose route (its leaf route id) is one of `staticRoutes` loads no React; every other page has its
 * JavaScript deferred past the first paint.
 */
export async function deferHydrationInBuild(
  clientDir: string,
  { eagerPaths = [], staticRoutes = [], pixelId }: PageKinds = {},
): Promise<number> {
  const eagerFiles = new Set(eagerPaths.map((page) => path.join(page.replace(/^\//, ''), 'index.html')));
  const files = (await readdir(clientDir, { recursive: true })).filter((file) => file.endsWith('.html'));
  const unseen = new Set(staticRoutes);
  let changed = 0;
  for (const file of files) {
    const full = path.join(clientDir, file);
    const html = await readFile(full, 'utf8');
    const route = routeIds(html).at(-1) ?? '';
    unseen.delete(route);
    let rewritten: string;
    try {
      rewritten = staticRoutes.includes(route)
        ? staticPage(html, pixelId ? { pixelId } : {})
        : deferHydration(html, { eager: eagerFiles.has(path.normalize(file)) });
    } catch (error) {
      throw new Error(`${file} (${route}): ${error instanceof Error ? error.message : String(error)}`);
    }
    if (rewritten === html) continue;
    await writeFile(full, rewritten);
    changed += 1;
  }
  // A route id spelled wrong would leave its pages with React, silently. (A second pass sees no ids.)
  if (changed > 0 && unseen.size > 0)
    throw new Error(`no prerendered page of the static routes ${[...unseen].join(', ')}`);
  return changed;
}

/** The static pages' options (src/early/static-page.ts `startStatic`). */
export interface StaticOptions {
  /** The build's VITE_META_PIXEL_ID, when it has one. */
  pixelId?: string;
}

/**
 * The early script's folder (decision 028). The build bundles its two entries by their paths and
 * imports nothing from it: src/ and site-build/ do not import each other (biome.json).
 */
const EARLY = fileURLToPath(new URL('../src/early/', import.meta.url));
/** The early script for each set of action groups, bundled once per build. */
const bundles = new Map<string, string>();
let names: Record<string, string[]> | undefined;

/**
 * Each group's action names (src/early/actions.ts `earlyActionNames`), and the static pages'
 * (`staticActions`): read by running the bundled function in a `node:vm` context of its own.
 */
export function earlyActionNames(): Record<string, string[]> {
  names ??= runInNewContext(
    `${bundled('names', `export { earlyActionNames } from './actions.ts';`, 'earlyNames')}earlyNames.earlyActionNames()`,
    {},
  ) as Record<string, string[]>;
  return names;
}

/** The groups of early actions (actions.ts) whose names a page's controls carry in `data-early`. */
export function earlyGroupsFor(html: string): string[] {
  const named = new Set([...html.matchAll(/data-early="([^"]+)"/g)].map((match) => match[1]));
  return Object.entries(earlyActionNames())
    .filter(([group]) => group !== 'staticActions')
    .filter(([group, actions]) => group === 'menuActions' || actions.some((name) => named.has(name)))
    .map(([group]) => group);
}

/**
 * The early script with these groups of actions, minified (it is in every page): it defines
 * `__ouo.early.startEarly` and `__ouo.early.actions` (and `drawCart` with the cart's). Browsers from
 * 2020 on run it (es2020), as they run the site.
 */
export function bundledEarlyScript(groups: readonly string[]): string {
  const contents = [
    `export { startEarly } from './start.ts';`,
    groups.includes('cartActions') ? `export { drawCart } from './cart-lines.ts';` : '',
    `import { ${groups.join(', ')} } from './actions.ts';`,
    `export const actions = { ${groups.map((group) => `...${group}`).join(', ')} };`,
  ].join('\n');
  return bundled(groups.join(','), contents);
}

/**
 * The early script of a page without React (decision 028): `__ouo.early.startStatic` with the
 * actions it runs (static-page.ts: the menu's, Print) — the same functions as the React pages'
 * early actions, without the gate.
 */
export function staticEarlyScript(): string {
  return bundled('static', `export { startStatic } from './static-page.ts';`);
}

/**
 * An entry of src/early, by its path, bundled as the early script (`__ouo.early`, the one global it
 * shares with the page: src/early/global.ts), once per build and key.
 */
function bundled(key: string, contents: string, globalName = '__ouo.early'): string {
  const cached = bundles.get(key);
  if (cached) return cached;
  const code = buildSync({
    stdin: { contents, resolveDir: EARLY, loader: 'ts', sourcefile: 'early-entry.ts' },
    bundle: true,
    write: false,
    minify: true,
    format: 'iife',
    globalName,
    target: 'es2020',
    legalComments: 'none',
  }).outputFiles[0]?.text.trim();
  if (!code) throw new Error(`esbuild wrote nothing for the early script (${key})`);
  bundles.set(key, code);
  return code;
}

/**
 * The gate as an inline script for a page whose modules are `preloads`: the early script with the
 * action groups `groups` (by default every group), started.
 */
export function gateScript(
  preloads: readonly string[],
  eager = false,
  groups: readonly string[] = Object.keys(earlyActionNames()).filter((group) => group !== 'staticActions'),
): string {
  return `${bundledEarlyScript(groups)}__ouo.early.startEarly(${JSON.stringify(preloads)},${eager},__ouo.early.actions);`;
}

/** The early script of a page without React, started in static mode (`startStatic`, decision 028). */
export function staticScript(options: StaticOptions = {}): string {
  // JSON in a script: a `<` could end it (`</script>`), so none is written as one.
  return `${staticEarlyScript()}__ouo.early.startStatic(${JSON.stringify(options).replace(/</g, '\\u003c')});`;
}
