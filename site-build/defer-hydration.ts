/**
 * Hydration after the first paint (docs/decisions/015-hydrate-after-first-paint.md): rewrites each
 * prerendered page so that no JavaScript is requested before the page has painted.
 *
 * React Router's `<Scripts>` writes, for every page, one `<link rel="modulepreload">` per module
 * it will hydrate with (React hoists them into <head>, before the stylesheet) and an inline
 * `<script type="module">` whose static imports fetch those modules at once. It has no switch to
 * defer them, so the build rewrites its output:
 *
 * - the modulepreload links go; their addresses go to the hydration gate (site-build/hydration-gate.ts),
 *   inlined in <head> right after `<meta charset>`, which preloads them after the first paint. The
 *   charset stays first: the HTML standard wants it within the first 1024 bytes, and the gate is
 *   ~1.7 kB. Nothing before the gate runs or waits for anything, so it still sees every tap, and it
 *   stays before the stylesheet (a script after a stylesheet waits for it);
 * - the bootstrap's static imports become one `Promise.all` of dynamic imports behind
 *   `await window.__ouoGate`, the gate's promise; the rest of the bootstrap is kept word for word.
 *
 * Only the build's HTML changes; `npm run dev` renders as React Router does.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSync } from 'esbuild';
import { EARLY_ACTION_GROUPS } from '../src/features/first-tap/early-actions.ts';

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
  if (!bootstrap?.[1]?.includes('__reactRouterRouteModules') || bootstrap[1].includes('__ouoGate')) return html;
  const preloads = [...html.matchAll(MODULE_PRELOAD)].map((match) => match[1] ?? '');
  const body = deferImports(bootstrap[1]);
  const gate = `<script>${gateScript(preloads, eager, earlyGroupsFor(html))}</script>`;
  return html
    .replace(MODULE_PRELOAD, '')
    .replace(bootstrap[0], `<script type="module" async="">${body}</script>`)
    .replace(CHARSET.test(html) ? CHARSET : /<head>/, (place) => `${place}${gate}`);
}

/** React Router's bootstrap with its static imports turned into dynamic ones, run once the gate opens. */
export function deferImports(bootstrap: string): string {
  const names: string[] = [];
  const specifiers: string[] = [];
  const rest = bootstrap.replace(STATIC_IMPORT, (_line, name: string | undefined, specifier: string) => {
    names.push(name ?? '');
    specifiers.push(`import(${specifier})`);
    return '';
  });
  if (specifiers.length === 0) return `await window.__ouoGate;\n${rest}`;
  return `await window.__ouoGate;\nconst [${names.join(', ')}] = await Promise.all([${specifiers.join(', ')}]);\n${rest.trim()}`;
}

/**
 * Rewrites every prerendered page of the client folder in place; returns how many changed.
 * `eagerPaths`: the pages (`/cart`) whose scripts start at once (see deferHydration).
 */
export async function deferHydrationInBuild(clientDir: string, eagerPaths: readonly string[] = []): Promise<number> {
  const eagerFiles = new Set(eagerPaths.map((page) => path.join(page.replace(/^\//, ''), 'index.html')));
  const files = (await readdir(clientDir, { recursive: true })).filter((file) => file.endsWith('.html'));
  let changed = 0;
  for (const file of files) {
    const full = path.join(clientDir, file);
    const html = await readFile(full, 'utf8');
    const deferred = deferHydration(html, { eager: eagerFiles.has(path.normalize(file)) });
    if (deferred === html) continue;
    await writeFile(full, deferred);
    changed += 1;
  }
  return changed;
}

const FIRST_TAP = fileURLToPath(new URL('../src/features/first-tap/', import.meta.url));
/** The early script for each set of action groups, bundled once per build. */
const bundles = new Map<string, string>();

/** The groups of early actions (early-actions.ts) whose names a page's controls carry in `data-early`. */
export function earlyGroupsFor(html: string): string[] {
  const named = new Set([...html.matchAll(/data-early="([^"]+)"/g)].map((match) => match[1]));
  return Object.entries(EARLY_ACTION_GROUPS)
    .filter(([group, actions]) => group === 'menuActions' || Object.keys(actions).some((name) => named.has(name)))
    .map(([group]) => group);
}

/**
 * The early script with these groups of actions, minified (it is in every page): it defines
 * `__ouoEarly.startEarly` and `__ouoEarly.actions` (and `drawCart` with the cart's). Browsers from
 * 2020 on run it (es2020), as they run the site.
 */
export function bundledEarlyScript(groups: readonly string[]): string {
  const key = groups.join(',');
  const cached = bundles.get(key);
  if (cached) return cached;
  const contents = [
    `export { startEarly } from './early-script.ts';`,
    groups.includes('cartActions') ? `export { drawCart } from '../cart/early.ts';` : '',
    `import { ${groups.join(', ')} } from './early-actions.ts';`,
    `export const actions = { ${groups.map((group) => `...${group}`).join(', ')} };`,
  ].join('\n');
  const code = buildSync({
    stdin: { contents, resolveDir: FIRST_TAP, loader: 'ts', sourcefile: 'early-entry.ts' },
    bundle: true,
    write: false,
    minify: true,
    format: 'iife',
    globalName: '__ouoEarly',
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
  groups: readonly string[] = Object.keys(EARLY_ACTION_GROUPS),
): string {
  return `${bundledEarlyScript(groups)}__ouoEarly.startEarly(${JSON.stringify(preloads)},${eager},__ouoEarly.actions);`;
}
