/**
 * A wrong method gets 405 JSON with `Allow` from every function, as served (docs/shop-rules.md §7,
 * issue 37 §4): Netlify would answer it with the site's HTML 404 before the function ran if a
 * function listed its methods in `config.method`, so none does (tests/functions/methods.test.ts).
 * The addresses are read from the functions' own `config.path`, so a new function is covered.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from './fixtures.ts';

const functionsDir = path.resolve('netlify/functions');
const FILLED = { orderId: 'OUO_1732000000001', pin: '248001' } as const;
const addresses = readdirSync(functionsDir)
  .filter((file) => file.endsWith('.mts'))
  .flatMap((file) => {
    // A function's address, or the first of its addresses (`path: ['/…', …]`).
    const routePath = /\bpath: \[?\s*'([^']+)'/.exec(readFileSync(path.join(functionsDir, file), 'utf8'))?.[1];
    return routePath ? [routePath.replace(/:(\w+)/g, (_m, name: keyof typeof FILLED) => FILLED[name])] : [];
  });

test('every function with an address answers a wrong method with 405 JSON and Allow', async ({ request }) => {
  expect(addresses.length).toBeGreaterThanOrEqual(14);
  for (const address of addresses) {
    const response = await request.fetch(address, { method: 'PUT' });
    expect(response.status(), address).toBe(405);
    expect(response.headers()['content-type'], address).toMatch(/^application\/json/);
    expect(response.headers().allow, address).toMatch(/^(GET|POST)(, (GET|POST))?$/);
    expect((await response.json()).error.code, address).toBe('METHOD_NOT_ALLOWED');
  }
});
