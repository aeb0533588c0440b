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
  const gate = `<script>${gateScript(preloads, eager)}</script>`;
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

/** The early script's entry: the gate and the early actions (decision 028). */
const EARLY_ENTRY = fileURLToPath(new URL('../src/features/first-tap/early-script.ts', import.meta.url));
let earlyBundle: string | undefined;

/**
 * The early script, bundled once per build (minified: it is in every page): it defines
 * `__ouoEarly.startEarly`. Browsers from 2020 on run it (es2020), as they run the site.
 */
export function bundledEarlyScript(): string {
  earlyBundle ??= buildSync({
    entryPoints: [EARLY_ENTRY],
    bundle: true,
    write: false,
    minify: true,
    format: 'iife',
    globalName: '__ouoEarly',
    target: 'es2020',
    legalComments: 'none',
  }).outputFiles[0]?.text.trim();
  if (!earlyBundle) throw new Error(`esbuild wrote nothing for ${EARLY_ENTRY}`);
  return earlyBundle;
}

/** The gate as an inline script for a page whose modules are `preloads`: the early script, started. */
export function gateScript(preloads: readonly string[], eager = false): string {
  return `${bundledEarlyScript()}__ouoEarly.startEarly(${JSON.stringify(preloads)},${eager});`;
}
