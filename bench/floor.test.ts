import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deferHydration } from '../site-build/defer-hydration.ts';
import { floorHtml, floorPath, writeFloors } from './floor.mjs';

/** A page shaped like React Router's prerendered HTML, as the build rewrites it (the hydration gate). */
const PAGE = deferHydration(`<!DOCTYPE html><html><head><meta charSet="utf-8"/>
<link rel="preload" as="image" href="/logo.svg"/>
<link rel="modulepreload" href="/assets/manifest-1.js"/>
<link rel="modulepreload" href="/assets/root-1.js"/>
<link rel="preload" href="/assets/lora-1.woff2" as="font" type="font/woff2" crossorigin="anonymous"/>
<link rel="stylesheet" href="/assets/root-1.css"/>
<script type="application/ld+json">{"@type":"Product"}</script>
</head><body><main><h1 style="color:red">Ghee</h1><img src="/media/jar.svg" alt="A jar"/></main>
<script>window.__reactRouterContext = {};</script>
<script type="module" async="">import "/assets/manifest-1.js";
import * as route0 from "/assets/root-1.js";
window.__reactRouterRouteModules = {"root":route0};
import("/assets/entry.client-1.js");</script>
<SCRIPT src="/other.js"></SCRIPT ></body></html>`);

describe('floorHtml', () => {
  it('drops every script and modulepreload link and keeps the rest as it is', () => {
    const floor = floorHtml(`${PAGE}<link href='/x.js' rel='modulepreload' />`);
    expect(floor).not.toMatch(/<script|__ouo|modulepreload/i);
    expect(floor).toBe(`<!DOCTYPE html><html><head><meta charSet="utf-8"/>
<link rel="preload" as="image" href="/logo.svg"/>


<link rel="preload" href="/assets/lora-1.woff2" as="font" type="font/woff2" crossorigin="anonymous"/>
<link rel="stylesheet" href="/assets/root-1.css"/>

</head><body><main><h1 style="color:red">Ghee</h1><img src="/media/jar.svg" alt="A jar"/></main>


</body></html>`);
  });
});

describe('writeFloors', () => {
  let clientDir = '';
  let floors = '';

  beforeAll(async () => {
    clientDir = await mkdtemp(path.join(tmpdir(), 'floor-'));
    await mkdir(path.join(clientDir, 'products/3'), { recursive: true });
    await writeFile(path.join(clientDir, 'index.html'), PAGE);
    await writeFile(path.join(clientDir, 'products/3/index.html'), PAGE);
  });

  afterAll(async () => {
    await rm(clientDir, { recursive: true, force: true });
    if (floors) await rm(floors, { recursive: true, force: true });
  });

  it("writes each route's floor under __floor in a folder of its own, and leaves the build alone", async () => {
    floors = await writeFloors(clientDir, ['/', '/products/3']);
    expect(path.relative(clientDir, floors)).toMatch(/^\.\./);
    expect(floorPath('/')).toBe('/__floor/');
    expect(floorPath('/products/3')).toBe('/__floor/products/3');
    expect(await readFile(path.join(floors, '__floor/index.html'), 'utf8')).toBe(floorHtml(PAGE));
    expect(await readFile(path.join(floors, '__floor/products/3/index.html'), 'utf8')).toBe(floorHtml(PAGE));
    expect(await readFile(path.join(clientDir, 'products/3/index.html'), 'utf8')).toBe(PAGE);
  });
});
