// @ts-check
// The floor of a page, for `npm run bench:pages` (bench/lighthouse.mjs): the same prerendered HTML
// with every `<script>…</script>` and every `<link rel="modulepreload">` removed — what the page
// would cost if it shipped no JavaScript at all. The bench writes one per measured route from the
// build into a temporary folder (never into build/client), serves it with the same server at
// /__floor/<route> (scripts/serve.mjs, SERVE_EXTRA_STATIC_DIR) and measures it beside the page.
import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { attribute, htmlFileFor } from './route-weight.mjs';

/** Where the floors are served: `/__floor` + the route (`/__floor/products/3`; `/__floor/` for `/`). */
const FLOOR_PREFIX = '/__floor';

/** The address of a route's floor. */
export function floorPath(/** @type {string} */ route) {
  return `${FLOOR_PREFIX}${route === '/' ? '/' : route}`;
}

/**
 * The page without any script: every `<script>` element (inline or not, JSON-LD included) and every
 * `<link>` whose rel includes `modulepreload`. Everything else — styles, preloads of fonts and
 * images, markup — stays byte for byte.
 * @param {string} html
 */
export function floorHtml(html) {
  return html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script\s*>/gi, '')
    .replace(/<link\b([^>]*)>/gi, (tag, /** @type {string} */ attributes) =>
      (attribute(attributes, 'rel') ?? '').toLowerCase().split(/\s+/).includes('modulepreload') ? '' : tag,
    );
}

/**
 * Writes each route's floor from the build into a new temporary folder, as
 * `<folder>/__floor/<route>/index.html`, and returns the folder (the caller removes it).
 * @param {string} clientDir the build's client folder
 * @param {readonly string[]} routes
 * @returns {Promise<string>}
 */
export async function writeFloors(clientDir, routes) {
  const directory = await mkdtemp(path.join(tmpdir(), `ouo-bench-floors-${process.pid}-`));
  for (const route of routes) {
    const html = floorHtml(await readFile(htmlFileFor(clientDir, route), 'utf8'));
    if (/<script\b|<link\b[^>]*modulepreload/i.test(html)) throw new Error(`the floor of ${route} still has a script`);
    const file = htmlFileFor(directory, floorPath(route));
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, html);
  }
  return directory;
}
