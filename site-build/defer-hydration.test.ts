import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { prerenderedPage } from '#tests/support/prerendered-page.ts';
import {
  bundledEarlyScript,
  deferHydration,
  deferHydrationInBuild,
  deferImports,
  earlyGroupsFor,
  staticPage,
  staticScript,
} from './defer-hydration.ts';
import { inlineHashes, sha256Source } from './security-headers.ts';

/** A prerendered page as React Router 7.18 writes it (trimmed). */
const PAGE = [
  '<!DOCTYPE html><html lang="en-IN"><head><meta charSet="utf-8"/><title>Badri Cow Ghee</title>',
  '<link rel="preload" href="/assets/lora.woff2" as="font" type="font/woff2" crossorigin="anonymous"/>',
  '<link rel="modulepreload" href="/assets/manifest-1.js"/><link rel="modulepreload" href="/assets/entry.client-2.js"/>',
  '<link rel="modulepreload" href="/assets/root-3.js"/><link rel="modulepreload" href="/assets/product-main-4.js"/>',
  '<link rel="stylesheet" href="/assets/style-5.css"/></head><body><main>Ghee</main>',
  '<script>window.__reactRouterContext = {};</script>',
  '<script type="module" async="">import "/assets/manifest-1.js";\n',
  'import * as route0 from "/assets/root-3.js";\n',
  'import * as route1_main from "/assets/product-main-4.js";\n',
  'const route1 = {...route1_main};\n',
  '  window.__reactRouterRouteModules = {"root":route0,"routes/product":route1};\n\n',
  'import("/assets/entry.client-2.js");</script></body></html>',
].join('');

/** The gate's source, where the rewrite puts it. */
const GATE = /<meta charSet="utf-8"\/><script>([\s\S]*?)<\/script>/;

describe('deferHydration', () => {
  const deferred = deferHydration(PAGE);

  it('requests no JavaScript from the HTML: the modulepreload links are gone, the stylesheet and font stay', () => {
    expect(deferred).not.toMatch(/<link[^>]+modulepreload/);
    expect(deferred).toContain('<link rel="stylesheet" href="/assets/style-5.css"/>');
    expect(deferred).toContain('rel="preload" href="/assets/lora.woff2"');
  });

  it('puts the gate right after the charset, with the modules it preloads once the page has painted', () => {
    const gate = GATE.exec(deferred)?.[1] ?? '';
    expect(gate).toContain('__ouo.early.startEarly(');
    // The HTML standard wants the charset within the first 1024 bytes; the gate alone is larger.
    expect(deferred.indexOf('<meta charSet="utf-8"/>')).toBeLessThan(1024 - 30);
    expect(deferred.indexOf('<meta charSet="utf-8"/>')).toBeLessThan(deferred.indexOf('<script'));
    expect(deferred.indexOf('<script')).toBeLessThan(deferred.indexOf('<link rel="stylesheet"'));
    for (const module of ['manifest-1', 'entry.client-2', 'root-3', 'product-main-4'])
      expect(gate).toContain(`/assets/${module}.js`);
  });

  it("turns the bootstrap's static imports into dynamic ones behind the gate, keeping the rest word for word", () => {
    const bootstrap = /<script type="module" async="">([\s\S]*?)<\/script>/.exec(deferred)?.[1] ?? '';
    expect(bootstrap).not.toMatch(/^import /m);
    expect(bootstrap.startsWith('await window.__ouo.gate;\n')).toBe(true);
    expect(bootstrap).toContain(
      'const [, route0, route1_main] = await Promise.all([import("/assets/manifest-1.js"), import("/assets/root-3.js"), import("/assets/product-main-4.js")]);',
    );
    expect(bootstrap).toContain('window.__reactRouterRouteModules = {"root":route0,"routes/product":route1};');
    expect(bootstrap).toContain('import("/assets/entry.client-2.js");');
  });

  it("leaves the content and the other inline scripts alone, and lists the new scripts in the page's policy", () => {
    expect(deferred).toContain('<main>Ghee</main>');
    expect(deferred).toContain('<script>window.__reactRouterContext = {};</script>');
    const hashes = inlineHashes(deferred).scripts;
    expect(hashes).toContain(sha256Source('window.__reactRouterContext = {};'));
    expect(hashes.length).toBe(3); // the gate, the context and the bootstrap
  });

  it('puts the gate at the top of <head> on a page without a charset declaration', () => {
    expect(deferHydration(PAGE.replace('<meta charSet="utf-8"/>', ''))).toMatch(/<head><script>[^<]*__ouo\.early/);
  });

  it("changes nothing on a page without React Router's bootstrap, or on a second pass", () => {
    const plain = '<html><head></head><body><p>Hello</p></body></html>';
    expect(deferHydration(plain)).toBe(plain);
    expect(deferHydration(deferred)).toBe(deferred);
  });

  it('builds an eager page with a gate that opens at once, the rest rewritten the same way', () => {
    const eager = deferHydration(PAGE, { eager: true });
    const gate = (html: string) => GATE.exec(html)?.[1] ?? '';
    expect(gate(eager)).toMatch(/\]\s*,\s*(!0|true)\s*,\s*__ouo\.early\.actions\);?$/);
    expect(gate(deferred)).toMatch(/\]\s*,\s*(!1|false)\s*,\s*__ouo\.early\.actions\);?$/);
    expect(eager.replace(gate(eager), '')).toBe(deferred.replace(gate(deferred), ''));
  });

  it("gives a page the early actions its controls name, and the menu's on every page (decision 028)", () => {
    expect(earlyGroupsFor('<p>Hello</p>')).toEqual(['menuActions']);
    expect(earlyGroupsFor('<button data-early="chip">Dairy</button><button data-early="photo-next">')).toEqual([
      'menuActions',
      'photoActions',
      'filterActions',
    ]);
    expect(earlyGroupsFor('<button data-early="cart-remove">Remove</button>')).toEqual(['menuActions', 'cartActions']);
  });

  it("bundles only the chosen groups' code, and /cart's drawing only with the cart's", () => {
    const menuOnly = bundledEarlyScript(['menuActions']);
    const withCart = bundledEarlyScript(['menuActions', 'cartActions']);
    expect(menuOnly).toContain('site-nav--open');
    expect(menuOnly).not.toContain('data-facets');
    expect(menuOnly).not.toContain('drawCart');
    expect(withCart).toContain('drawCart');
    expect(menuOnly.length).toBeLessThan(withCart.length);
  });

  it('evaluates the modules in steps, the gate pausing between: the shared chunks, the routes, then entry.client', () => {
    const bootstrap = [
      'import "/assets/manifest-1.js";',
      'import * as route0 from "/assets/root-3.js";',
      'window.__reactRouterRouteModules = {"root":route0};',
      'import("/assets/entry.client-2.js");',
    ].join('\n');
    const preloads = [
      '/assets/manifest-1.js',
      '/assets/entry.client-2.js',
      '/assets/framework-4.js',
      '/assets/root-3.js',
      '/assets/app-5.js',
    ];
    expect(deferImports(bootstrap, preloads).split('\n')).toEqual([
      'await window.__ouo.gate;',
      'await import("/assets/framework-4.js");',
      'await window.__ouo.pause();',
      'await import("/assets/app-5.js");',
      'await window.__ouo.pause();',
      'const [, route0] = await Promise.all([import("/assets/manifest-1.js"), import("/assets/root-3.js")]);',
      'await window.__ouo.pause();',
      'window.__reactRouterRouteModules = {"root":route0};',
      'import("/assets/entry.client-2.js");',
    ]);
  });

  it('defers a bootstrap without static imports too', () => {
    expect(deferImports('window.__reactRouterRouteModules = {};')).toBe(
      'await window.__ouo.gate;\nwindow.__reactRouterRouteModules = {};',
    );
  });
});

/** A blog post as React Router prerenders it: links, the header's menu and badge, React Router's scripts after. */
const POST = prerenderedPage('routes/blog.$id', '<h1>Red rice</h1><p><a href="/products/5">Red rice</a></p>');
/** The script that runs on a page, by where the rewrite puts it: right after the charset. */
const FIRST_SCRIPT = GATE;

describe('staticPage', () => {
  const built = staticPage(POST);
  const script = FIRST_SCRIPT.exec(built)?.[1] ?? '';

  it("takes out everything of React Router's: its modulepreloads, its scripts, the data streamed after them", () => {
    // The early script itself names modulepreload (the gate's code, in the same bundle): read around it.
    const rest = built.replace(script, '');
    expect(rest).not.toMatch(/modulepreload|\/assets\/[^"]+\.js|__reactRouter|<script type="module"|\$RC\(/);
    expect(rest).not.toMatch(/<template id="B:|<div hidden id="S:|react-router-scroll-positions/);
    expect(built).toContain(
      '<main id="main"><h1>Red rice</h1><p><a href="/products/5">Red rice</a></p></main></body></html>',
    );
  });

  it('keeps what the page shows and says: the stylesheet, the font, the structured data, the header', () => {
    expect(built).toContain('<link rel="stylesheet" href="/assets/style-5.css"/>');
    expect(built).toContain('rel="preload" href="/assets/lora.woff2"');
    expect(built).toContain('<script type="application/ld+json">{"@type":"BlogPosting"}</script>');
    expect(built).toContain('data-early="menu"');
  });

  it('runs the early script in static mode right after the charset: no gate opened, no module to preload', () => {
    expect(script).toBe(staticScript());
    expect(script).toMatch(/__ouo\.early\.startStatic\(\{\}\);$/);
    expect(script).not.toMatch(/startEarly\(\[/);
    expect(built.indexOf('<script>')).toBeLessThan(built.indexOf('<link rel="stylesheet"'));
  });

  it("lists its one inline script in the page's policy, and nothing else runs", () => {
    expect(inlineHashes(built).scripts).toEqual([sha256Source(script)]);
  });

  it('hands the pixel id to the static script, so the page sends its PageView', () => {
    expect(staticPage(POST, { pixelId: '123456789012345' })).toContain(
      '__ouo.early.startStatic({"pixelId":"123456789012345"});</script>',
    );
    expect(staticScript({ pixelId: '</script>' })).toContain('startStatic({"pixelId":"\\u003c/script>"});');
  });

  it('changes nothing on a second pass, as a static page or as a page to defer', () => {
    expect(staticPage(built)).toBe(built);
    expect(deferHydration(built)).toBe(built);
  });

  it('refuses a page with a control only React runs, or with content streamed after the scripts', () => {
    const filters = prerenderedPage('routes/why-it-matters', '<select name="type"><option>All</option></select>');
    expect(() => staticPage(filters)).toThrow(
      /controls only React runs, so the page cannot be built static: <select name="type">/,
    );
    const late = POST.replace('<div hidden id="S:1">', '<div hidden id="S:1"><section>Reviews</section>');
    expect(() => staticPage(late)).toThrow(/more than its streamed data/);
  });
});

describe('deferHydrationInBuild', () => {
  it('rewrites every page of the build: eager pages with a gate that opens at once, static routes without React', async () => {
    const client = await mkdtemp(path.join(tmpdir(), 'defer-hydration-'));
    const pages: Record<string, string> = {
      '': PAGE,
      cart: PAGE,
      'orders/shell': PAGE,
      'products/3': PAGE,
      'blog/1': POST,
      'blog/2': POST,
      404: prerenderedPage('routes/$', '<h1>Page not found</h1>'),
    };
    try {
      for (const [page, html] of Object.entries(pages)) {
        await mkdir(path.join(client, page), { recursive: true });
        await writeFile(path.join(client, page, 'index.html'), html);
      }
      const kinds = { eagerPaths: ['/cart', '/orders/shell'], staticRoutes: ['routes/blog.$id', 'routes/$'] };
      expect(await deferHydrationInBuild(client, kinds)).toBe(7);
      const read = (page: string) => readFile(path.join(client, page, 'index.html'), 'utf8');
      expect(await read('cart')).toBe(deferHydration(PAGE, { eager: true }));
      expect(await read('orders/shell')).toBe(deferHydration(PAGE, { eager: true }));
      expect(await read('products/3')).toBe(deferHydration(PAGE));
      expect(await read('')).toBe(deferHydration(PAGE));
      expect(await read('blog/1')).toBe(staticPage(POST));
      expect(await read('blog/2')).toBe(staticPage(POST));
      expect(await read('404')).toBe(staticPage(pages[404] ?? ''));
      expect(await deferHydrationInBuild(client, kinds)).toBe(0); // a second pass changes nothing
    } finally {
      await rm(client, { recursive: true, force: true });
    }
  });

  it('says which page could not be built static, and which static route has no page', async () => {
    const client = await mkdtemp(path.join(tmpdir(), 'defer-hydration-'));
    try {
      await mkdir(path.join(client, 'blog/1'), { recursive: true });
      await writeFile(path.join(client, 'blog/1/index.html'), POST.replace('</h1>', '</h1><button>Like</button>'));
      await expect(deferHydrationInBuild(client, { staticRoutes: ['routes/blog.$id'] })).rejects.toThrow(
        /blog\/1\/index.html \(routes\/blog.\$id\): controls only React runs, so the page cannot be built static: <button>/,
      );
      await writeFile(path.join(client, 'blog/1/index.html'), POST);
      await expect(
        deferHydrationInBuild(client, { staticRoutes: ['routes/blog.$id', 'routes/blog.$slug'] }),
      ).rejects.toThrow('no prerendered page of the static routes routes/blog.$slug');
    } finally {
      await rm(client, { recursive: true, force: true });
    }
  });
});
