/**
 * The security headers and the content security policy, as `npm start` serves them from the
 * build's _headers (docs/security.md). Every other journey proves the policy lets the shop work:
 * a CSP violation is a console error, which fails the test that caused it (fixtures.ts).
 */
import { createHash } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { addToCart, fillDelivery } from './support/checkout.ts';
import { waitForLive } from './support/pages.ts';

/** What every page answer carries, whatever the page. */
const PAGE_HEADERS = {
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'cross-origin-opener-policy': 'same-origin-allow-popups',
  'strict-transport-security': 'max-age=31536000',
};

/** The directives of a policy, by name. */
function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name = '', ...sources]) => [name, sources]),
  );
}

/** The inline scripts a browser would run in this HTML (JSON-LD is data, not script). */
function inlineScripts(html: string): string[] {
  return [...html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter(([, attributes = '']) => !/\bsrc=/.test(attributes) && !/application\/ld\+json/.test(attributes))
    .map(([, , body = '']) => body);
}

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

test('every page, the order page and the 404s answer with the headers and a policy listing their own inline scripts', async ({
  request,
}) => {
  const xml = await (await request.get('/sitemap.xml')).text();
  const sitemap = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1] ?? '').pathname);
  expect(sitemap.length).toBeGreaterThan(20);
  const pages = [
    ...sitemap.map((path) => ({ path, status: 200 })),
    { path: '/cart', status: 200 },
    { path: '/checkout', status: 200 },
    { path: '/orders/OUO_1734000000000?key=0123456789abcdef0123456789abcdef', status: 200 },
    { path: '/no/such/page', status: 404 },
    { path: '/products/999', status: 404 },
  ];
  for (const { path, status } of pages) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(status);
    const headers = response.headers();
    expect(headers, path).toMatchObject(PAGE_HEADERS);
    expect(headers['referrer-policy'], path).toBe(
      path.startsWith('/orders/') ? 'no-referrer' : 'strict-origin-when-cross-origin',
    );
    expect(headers['permissions-policy'], path).toContain('camera=()');
    expect(headers['permissions-policy'], path).toContain('geolocation=()');
    const policy = directives(headers['content-security-policy'] ?? '');
    expect(policy.get('default-src'), path).toEqual(["'none'"]);
    expect(policy.get('frame-ancestors'), path).toEqual(["'none'"]);
    expect(policy.get('object-src'), path).toEqual(["'none'"]);
    expect(policy.get('base-uri'), path).toEqual(["'none'"]);
    expect(policy.get('form-action'), path).toEqual(["'self'"]);
    expect(policy.get('style-src'), path).toEqual(["'self'"]);
    const scriptSources = policy.get('script-src') ?? [];
    expect(scriptSources, path).not.toContain("'unsafe-inline'");
    expect(scriptSources, path).not.toContain("'unsafe-eval'");
    const html = await response.text();
    const scripts = inlineScripts(html);
    // React Router's context, bootstrap and streamed data, and the early script; a page without
    // React (decision 028) runs the early script alone.
    if (html.includes('window.__reactRouterContext')) expect(scripts.length, path).toBeGreaterThan(3);
    else expect(scripts, path).toEqual([expect.stringMatching(/__ouo\.early\.startStatic\(\{\}\);$/)]);
    for (const script of scripts) expect(scriptSources, `${path}: ${script.slice(0, 60)}`).toContain(sha256(script));
  }
});

test('the API answers with its own policy: it loads nothing and cannot be framed', async ({ request }) => {
  const response = await request.get('/api/health');
  expect(response.headers()).toMatchObject({
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'x-frame-options': 'DENY',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'cache-control': 'no-store',
  });
});

/** CSP violations in the page, as `directive blocked-address` lines, from the first byte on. */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __violations: string[] }).__violations = seen;
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.effectiveDirective} ${event.blockedURI}`),
    );
  });
  return () => page.evaluate(() => (window as unknown as { __violations: string[] }).__violations);
}

const ran = (page: Page) => page.evaluate(() => (window as unknown as { __injected?: boolean }).__injected === true);

test('an injected inline script, an inline event handler and a script from another site do not run', async ({
  page,
  allowConsoleError,
}) => {
  allowConsoleError(/Content Security Policy/);
  const violations = await watchViolations(page);
  await page.route('https://scripts.example/steal.js', (route) =>
    route.fulfill({ contentType: 'text/javascript', body: 'window.__injected = true;' }),
  );
  await page.goto('/products/3');
  await expect(page.getByRole('banner').getByRole('link', { name: /^Cart, / })).toBeVisible();
  expect(await violations()).toEqual([]);

  // What an XSS would try: a <script> with code in it, markup with a handler, a script from elsewhere.
  await page.addScriptTag({ content: 'window.__injected = true;' }).catch(() => undefined);
  await page.evaluate(() =>
    document.body.insertAdjacentHTML('beforeend', '<img src="/favicon.svg" alt="" onload="window.__injected = true">'),
  );
  await page.evaluate(
    () =>
      new Promise((resolve) => {
        const script = document.createElement('script');
        script.src = 'https://scripts.example/steal.js';
        script.onerror = resolve;
        script.onload = resolve;
        document.head.append(script);
      }),
  );
  await expect.poll(violations).toHaveLength(3);
  expect(await violations()).toEqual([
    'script-src-elem inline',
    'script-src-attr inline',
    'script-src-elem https://scripts.example/steal.js',
  ]);
  expect(await ran(page)).toBe(false);
});

test("Razorpay's Checkout runs under the checkout page's policy: its script, its frame, its calls and images", async ({
  page,
}) => {
  const violations = await watchViolations(page);
  // Razorpay itself is stubbed: nothing leaves the machine. The stub does what checkout.js does
  // with our page: an iframe from api.razorpay.com, a beacon to its telemetry, its own images.
  await page.route('https://checkout.razorpay.com/v1/checkout.js', (route) =>
    route.fulfill({
      contentType: 'text/javascript',
      body: `window.Razorpay = function (options) { this.options = options; };
        window.Razorpay.prototype.on = function () {};
        window.Razorpay.prototype.open = function () {
          var frame = document.createElement('iframe');
          frame.className = 'razorpay-checkout-frame';
          frame.title = 'Razorpay Checkout';
          frame.src = 'https://api.razorpay.com/v1/checkout/public?key_id=' + encodeURIComponent(this.options.key);
          document.body.appendChild(frame);
          var logo = new Image();
          logo.src = 'https://cdn.razorpay.com/logo.svg';
          fetch('https://lumberjack.razorpay.com/v1/track', { method: 'POST', mode: 'no-cors', body: '{}' });
        };`,
    }),
  );
  await page.route('https://api.razorpay.com/v1/checkout/public**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Checkout</title><p>Pay with Razorpay</p>' }),
  );
  await page.route('https://cdn.razorpay.com/logo.svg', (route) =>
    route.fulfill({ contentType: 'image/svg+xml', body: '<svg xmlns="http://www.w3.org/2000/svg"/>' }),
  );
  await page.route('https://lumberjack.razorpay.com/**', (route) => route.fulfill({ status: 204 }));
  // The shop's own server answers as it would with Razorpay keys set: open Razorpay, not the test gateway.
  await page.route('**/api/razorpay/create-order', async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    await route.fulfill({ response, json: { ...body, gateway: 'razorpay', key_id: 'rzp_test_csp' } });
  });

  await addToCart(page, 3, '295gm');
  await page.goto('/checkout');
  await fillDelivery(page);
  // Place Order before the page is live only says what is missing and places nothing (decision 028):
  // on a busy machine the fields can be filled in under a second, before it is.
  await waitForLive(page);
  await page.getByRole('button', { name: 'Place Order' }).click();
  const checkout = page.frameLocator('iframe.razorpay-checkout-frame');
  await expect(checkout.getByText('Pay with Razorpay')).toBeVisible();
  await expect(page.locator('iframe.razorpay-checkout-frame')).toHaveAttribute('src', /key_id=rzp_test_csp/);
  expect(await violations()).toEqual([]);
});
