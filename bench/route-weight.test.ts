import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deferHydration, staticPage } from '../site-build/defer-hydration.ts';
import { parseHtmlAssets, parseRouteIds, prerenderedPaths, routeWeight } from './route-weight.mjs';

/** A page shaped like React Router's prerendered HTML, with one chunk it forgot to preload. */
const PAGE = `<!DOCTYPE html><html><head>
<link rel="preload" as="image" href="/logo.svg"/>
<link rel="modulepreload" href="/assets/manifest-1.js"/>
<link rel="modulepreload" href="/assets/entry.client-1.js"/>
<link rel="modulepreload" href="/assets/root-1.js"/>
<link rel="stylesheet" href="/assets/root-1.css"/>
<link rel="stylesheet" href="https://fonts.example.com/lora.css"/>
</head><body><script>window.__reactRouterContext = {};</script>
<script type="module" async="">import "/assets/manifest-1.js";
import * as route0 from "/assets/root-1.js";
import * as route1 from "/assets/product-1.js";
window.__reactRouterRouteModules = {"root":route0,"routes/product":route1};
import("/assets/entry.client-1.js");</script></body></html>`;

const FILES: Record<string, string> = {
  'assets/manifest-1.js': 'window.__reactRouterManifest={};',
  'assets/entry.client-1.js': 'import{r}from"./react-1.js";r();',
  'assets/react-1.js': 'export function r(){return "react"}',
  'assets/root-1.js': 'import{r}from"./react-1.js";import"./side-effect-1.js";export default r;',
  'assets/side-effect-1.js': 'globalThis.x=1;',
  // Loaded on demand: not first-load.
  'assets/product-1.js':
    'import{r}from"./react-1.js";export const lazy=()=>import(`./zod-1.js`);export const load=(m)=>import(m);',
  'assets/zod-1.js': `export const z="${'zod '.repeat(200)}";`,
  'assets/root-1.css': 'body{color:red}',
  'assets/unused-1.css': 'p{color:blue}',
};

let clientDir = '';

beforeAll(async () => {
  clientDir = await mkdtemp(path.join(tmpdir(), 'route-weight-'));
  await mkdir(path.join(clientDir, 'assets'));
  await mkdir(path.join(clientDir, 'products/3'), { recursive: true });
  await writeFile(path.join(clientDir, 'index.html'), PAGE);
  await writeFile(path.join(clientDir, 'products/3/index.html'), PAGE);
  // The same page as the build ships it: no modulepreload links, the modules behind the hydration gate.
  await mkdir(path.join(clientDir, 'gated'));
  await writeFile(path.join(clientDir, 'gated/index.html'), deferHydration(PAGE));
  // The same page built without React (decision 028).
  await mkdir(path.join(clientDir, 'static'));
  await writeFile(path.join(clientDir, 'static/index.html'), staticPage(PAGE));
  for (const [file, content] of Object.entries(FILES)) await writeFile(path.join(clientDir, file), content);
});

afterAll(async () => {
  await rm(clientDir, { recursive: true, force: true });
});

const gzip = (file: string) => gzipSync(FILES[file] ?? '', { level: 9 }).length;

describe('routeWeight', () => {
  it('counts the preloaded modules, what the inline script imports and their static imports — not lazy chunks', async () => {
    const weight = await routeWeight(clientDir, '/products/3');

    const js = weight.js.files.map((file) => file.file).sort();
    expect(js).toEqual([
      'assets/entry.client-1.js',
      'assets/manifest-1.js',
      'assets/product-1.js',
      'assets/react-1.js',
      'assets/root-1.js',
      'assets/side-effect-1.js',
    ]);
    expect(weight.js.gzip).toBe(js.reduce((sum, file) => sum + gzip(file), 0));
    expect(weight.js.bytes).toBe(js.reduce((sum, file) => sum + (FILES[file]?.length ?? 0), 0));
    expect(weight.notPreloaded.sort()).toEqual(['assets/product-1.js', 'assets/react-1.js', 'assets/side-effect-1.js']);
  });

  it('counts the same modules on a page whose hydration gate preloads them after the first paint', async () => {
    const gated = deferHydration(PAGE);
    expect(gated).not.toMatch(/<link[^>]*modulepreload/);
    expect(parseHtmlAssets(gated).gatePreloads).toEqual(parseHtmlAssets(PAGE).modulePreloads);
    expect(parseHtmlAssets(deferHydration(PAGE, { eager: true })).gatePreloads).toEqual(
      parseHtmlAssets(PAGE).modulePreloads,
    );

    const weight = await routeWeight(clientDir, '/gated');
    const ungated = await routeWeight(clientDir, '/products/3');
    expect(weight.js).toEqual(ungated.js);
    expect(weight.notPreloaded.sort()).toEqual(ungated.notPreloaded.sort());
  });

  it("counts this site's stylesheets and leaves another site's out", async () => {
    const weight = await routeWeight(clientDir, '/products/3');
    expect(weight.css.files).toEqual([{ file: 'assets/root-1.css', bytes: 15, gzip: gzip('assets/root-1.css') }]);
  });

  it('names the page file and its route ids', async () => {
    const weight = await routeWeight(clientDir, '/');
    expect(weight.html.file).toBe('index.html');
    expect(weight.routeIds).toEqual(['root', 'routes/product']);
  });

  it('counts no JavaScript on a page built without React, and its stylesheet as before', async () => {
    const weight = await routeWeight(clientDir, '/static');
    expect(weight.js).toEqual({ files: [], bytes: 0, gzip: 0 });
    expect(weight.routeIds).toEqual([]);
    expect(weight.css).toEqual((await routeWeight(clientDir, '/products/3')).css);
    expect(weight.staticScript?.gzip).toBeGreaterThan(1000); // the early script, inline
    expect((await routeWeight(clientDir, '/gated')).staticScript).toBeUndefined();
  });

  it('fails when the page names a file the build does not have', async () => {
    await writeFile(path.join(clientDir, 'index.html'), PAGE.replace('/assets/root-1.css', '/assets/missing-1.css'));
    await expect(routeWeight(clientDir, '/')).rejects.toThrow(/missing-1\.css/);
    await writeFile(path.join(clientDir, 'index.html'), PAGE);
  });
});

describe('prerenderedPaths', () => {
  it('lists every prerendered page as a URL path', async () => {
    expect(await prerenderedPaths(clientDir)).toEqual(['/', '/gated', '/products/3', '/static']);
  });
});

describe('parseHtmlAssets', () => {
  it('reads attributes in any order and quoting', () => {
    const assets = parseHtmlAssets(
      `<link href='/a.js' rel=modulepreload><link rel="preload stylesheet" href="/b.css"><script src="/c.js" type="module"></script><script type="text/javascript">import "/d.js"</script>`,
    );
    expect(assets).toEqual({
      modulePreloads: ['/a.js'],
      gatePreloads: [],
      moduleScripts: ['/c.js'],
      inlineModules: [],
      stylesheets: ['/b.css'],
    });
  });
});

describe('parseHtmlAssets and the hydration gate', () => {
  it("reads the gate's list from its inline script and nothing from other inline scripts", () => {
    const assets = parseHtmlAssets(
      `<script>var __ouo={early:{startEarly(p){window.__ouo.gate=p}}};__ouo.early.startEarly(["/assets/a.js","/assets/b.js"],false);</script><script>window.x=["/c.js"];</script>`,
    );
    expect(assets.gatePreloads).toEqual(['/assets/a.js', '/assets/b.js']);
  });

  it('reads no list from the same script started on a page without React', () => {
    const assets = parseHtmlAssets(
      '<script>var __ouo={early:{startEarly(p){window.__ouo.gate=p},startStatic(){}}};__ouo.early.startStatic({});</script>',
    );
    expect(assets.gatePreloads).toEqual([]);
  });

  it('fails on a gate whose list it cannot read', () => {
    expect(() => parseHtmlAssets('<script>(function(){window.__ouo.gate=1})();</script>')).toThrow(/hydration gate/);
  });
});

describe('parseRouteIds', () => {
  it('is empty for a page React Router did not render', () => {
    expect(parseRouteIds('<html></html>')).toEqual([]);
  });
});
