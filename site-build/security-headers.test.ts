import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ViteDevServer } from 'vite';
import { describe, expect, it } from 'vitest';
import {
  contentSecurityPolicy,
  devHeadersFor,
  devSecurityHeaders,
  headersFile,
  inlineHashes,
  ORDER_PAGE_HEADERS,
  SITE_HEADERS,
  sha256Source,
  writeHeadersFile,
} from './security-headers.ts';

/** A policy's directives by name. */
function directives(policy: string): Record<string, string[]> {
  return Object.fromEntries(
    policy.split('; ').map((part) => {
      const [name = '', ...sources] = part.split(' ');
      return [name, sources];
    }),
  );
}

const page = (scripts: string[], body = '') =>
  `<!DOCTYPE html><html><head><script type="application/ld+json">{"@type":"Product"}</script></head><body>${body}${scripts
    .map((script) => `<script>${script}</script>`)
    .join('')}<script type="module" async="">import "/assets/entry.js";</script></body></html>`;

describe('inlineHashes', () => {
  it('hashes the inline scripts a browser runs, not JSON-LD nor scripts with a src', () => {
    const html = `${page(['window.__reactRouterContext = {};'])}<script src="/assets/x.js"></script><script type="text/javascript">a()</script>`;
    expect(inlineHashes(html).scripts).toEqual(
      [
        sha256Source('window.__reactRouterContext = {};'),
        sha256Source('import "/assets/entry.js";'),
        sha256Source('a()'),
      ].sort(),
    );
  });

  it('hashes each distinct style attribute as the browser reads it, and nothing inside scripts', () => {
    const html = page(
      ['x = "<div style=\\"color:red\\">"'],
      '<div style="aspect-ratio:800 / 800"></div><span style="width:10%"></span><i style="aspect-ratio:800 / 800"></i><b style="font-family:&quot;Lora&quot;"></b>',
    );
    expect(inlineHashes(html).styleAttributes).toEqual(
      [sha256Source('aspect-ratio:800 / 800'), sha256Source('width:10%'), sha256Source('font-family:"Lora"')].sort(),
    );
  });

  it('computes the sha256 a browser computes', () => {
    // The CSP specification's own example: alert('Hello, world.');
    expect(sha256Source("alert('Hello, world.');")).toBe("'sha256-qznLcsROx4GACP2dm0UCKCzCG+HiZ1guq6ZZDob/Tng='");
  });
});

describe('contentSecurityPolicy', () => {
  const hashes = { scripts: ["'sha256-a'"], styleAttributes: ["'sha256-s'"] };

  it("allows nothing by default, scripts only from us, Razorpay and the page's hashes, and locks framing, plugins, <base> and forms", () => {
    expect(directives(contentSecurityPolicy(hashes, { pixel: false }))).toEqual({
      'default-src': ["'none'"],
      'script-src': ["'self'", "'sha256-a'", 'https://checkout.razorpay.com', 'https://cdn.razorpay.com'],
      'style-src': ["'self'"],
      'style-src-attr': ["'unsafe-hashes'", "'sha256-s'"],
      'img-src': ["'self'", 'https://cdn.sanity.io', 'https://cdn.razorpay.com'],
      'media-src': ["'self'", 'https://cdn.sanity.io/files/'],
      'font-src': ["'self'"],
      'connect-src': [
        "'self'",
        'https://api.razorpay.com',
        'https://lumberjack.razorpay.com',
        'https://lumberjack-metrics.razorpay.com',
      ],
      'frame-src': ['https://api.razorpay.com', 'https://checkout.razorpay.com'],
      'object-src': ["'none'"],
      'base-uri': ["'none'"],
      'form-action': ["'self'"],
      'frame-ancestors': ["'none'"],
    });
  });

  it('names the Meta pixel only when the build has one', () => {
    expect(contentSecurityPolicy(hashes, { pixel: false })).not.toContain('facebook');
    const withPixel = directives(contentSecurityPolicy(hashes, { pixel: true }));
    expect(withPixel['script-src']).toContain('https://connect.facebook.net');
    expect(withPixel['img-src']).toContain('https://www.facebook.com');
    expect(withPixel['connect-src']).toContain('https://www.facebook.com');
  });

  it('allows no style attribute on a page that has none', () => {
    expect(directives(contentSecurityPolicy({ scripts: [], styleAttributes: [] }, { pixel: false }))).toMatchObject({
      'style-src-attr': ["'none'"],
    });
  });
});

describe('headersFile', () => {
  const pages = [
    { file: 'index.html', html: page(['home()']) },
    { file: path.join('products', '3', 'index.html'), html: page(['product()'], '<div style="width:8%"></div>') },
    { file: path.join('orders', 'shell', 'index.html'), html: page(['order()']) },
    { file: '404.html', html: page(['missing()']) },
    { file: '__spa-fallback.html', html: page(['fallback()']) },
  ];

  it("gives every address the site's headers and a policy any page works under, then each page its own", () => {
    const { text, policies } = headersFile(pages, { pixel: false });
    expect([...policies.keys()]).toEqual(['/*', '/orders/*', '/', '/products/3']);
    const everyAddress = directives(policies.get('/*') ?? '');
    for (const script of ['home()', 'product()', 'order()', 'missing()', 'fallback()'])
      expect(everyAddress['script-src']).toContain(sha256Source(script));
    const product = directives(policies.get('/products/3') ?? '');
    expect(product['script-src']).toContain(sha256Source('product()'));
    expect(product['script-src']).not.toContain(sha256Source('home()'));
    expect(product['style-src-attr']).toEqual(["'unsafe-hashes'", sha256Source('width:8%')]);
    // Each page's policy allows no more than the one for every address: whichever Netlify sends, it works.
    for (const [address, policy] of policies)
      for (const [name, sources] of Object.entries(directives(policy)))
        for (const source of sources.filter((allowed) => allowed !== "'none'"))
          expect(everyAddress[name], `${address} ${name}`).toContain(source);
    expect(directives(policies.get('/orders/*') ?? '')['script-src']).toContain(sha256Source('order()'));

    const lines = text.split('\n');
    const rule = (address: string) => lines.slice(lines.indexOf(address) + 1).filter((line) => line.startsWith('  '));
    for (const [name, value] of Object.entries(SITE_HEADERS)) expect(rule('/*')).toContain(`  ${name}: ${value}`);
    for (const [name, value] of Object.entries(ORDER_PAGE_HEADERS))
      expect(rule('/orders/*')).toContain(`  ${name}: ${value}`);
    expect(lines.filter((line) => line.startsWith('/'))).toEqual(['/*', '/orders/*', '/', '/products/3']);
  });

  it('refuses a build without the order page', () => {
    expect(() => headersFile(pages.slice(0, 2), { pixel: false })).toThrow(/order page/);
  });

  it('is written into the publish folder', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'ouo-headers-'));
    try {
      for (const { file, html } of pages) {
        await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
        await writeFile(path.join(dir, file), html);
      }
      const written = await writeHeadersFile(dir, { pixel: true });
      expect(await readFile(path.join(dir, '_headers'), 'utf8')).toBe(written.text);
      expect(written.policies.get('/')).toContain('https://connect.facebook.net');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('npm run dev', () => {
  it("sends the site's headers, the order page's own, and a policy Vite's client works under", () => {
    const home = devHeadersFor('/', { pixel: false });
    const { 'X-Frame-Options': _deny, ...framable } = SITE_HEADERS;
    expect(home).toMatchObject(framable);
    // The Studio's Presentation tool frames the dev server to preview drafts; nobody else may.
    expect(home['X-Frame-Options']).toBeUndefined();
    const policy = directives(home['Content-Security-Policy'] ?? '');
    expect(policy['script-src']).toContain("'unsafe-inline'");
    expect(policy['connect-src']).toContain('ws:');
    expect(policy).toMatchObject({
      'default-src': ["'none'"],
      'object-src': ["'none'"],
      'base-uri': ["'none'"],
      'form-action': ["'self'"],
      'frame-ancestors': ["'self'", 'http://localhost:3333', 'https://*.sanity.studio'],
    });
    expect(devHeadersFor('/orders/OUO_1', { pixel: false })).toMatchObject(ORDER_PAGE_HEADERS);
  });

  it("sets them on every answer from the dev server's middleware", () => {
    let middleware: ((request: IncomingMessage, response: ServerResponse, next: () => void) => void) | undefined;
    const server = {
      config: { env: { VITE_META_PIXEL_ID: '123456789012345' } },
      middlewares: { use: (fn: typeof middleware) => (middleware = fn) },
    };
    const hook = devSecurityHeaders().configureServer;
    if (typeof hook !== 'function') throw new Error('configureServer is a function');
    void hook.call({} as never, server as unknown as ViteDevServer);
    const set: Record<string, string> = {};
    let passedOn = false;
    middleware?.(
      { url: '/orders/OUO_1?key=x' } as IncomingMessage,
      { setHeader: (name: string, value: string) => (set[name] = value) } as unknown as ServerResponse,
      () => (passedOn = true),
    );
    expect(passedOn).toBe(true);
    expect(set).toEqual(devHeadersFor('/orders/OUO_1', { pixel: true }));
    expect(set).toMatchObject(ORDER_PAGE_HEADERS);
    expect(set['Content-Security-Policy']).toContain('https://connect.facebook.net');
  });
});
