/**
 * docs/shop-rules.md §7 promises 405 with `Allow` for a wrong method (issue 37 §4). Netlify routes a
 * request to a function only for the methods its `config.method` lists, and answers any other
 * method with the site's HTML 404 before the function runs; so no function lists its methods, and
 * each answers a method it does not take with `methodNotAllowed` itself. This test sends every
 * method to every function with an address.
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '@netlify/functions';
import { describe, expect, it } from 'vitest';
import { functionSandbox } from '#tests/support/functions.ts';

const functionsDir = path.resolve(import.meta.dirname, '../../netlify/functions');
const modules = await Promise.all(
  (await readdir(functionsDir))
    .filter((file) => file.endsWith('.mts'))
    .map(async (file) => ({
      name: file.replace(/\.mts$/, ''),
      ...((await import(path.join(functionsDir, file))) as {
        default: (request: Request, context: { params: Record<string, string> }) => Promise<Response>;
        config: Config;
      }),
    })),
);
const withAddress = modules.filter((fn) => fn.config.path !== undefined);
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

functionSandbox('methods');

const PARAMS = { orderId: 'OUO_1732000000001', pin: '248001' };
/** The function's address with each `:param` filled in. */
const addressOf = (config: Config) =>
  `http://localhost${[config.path].flat()[0]?.replace(/:(\w+)/g, (_match, name: keyof typeof PARAMS) => PARAMS[name])}`;

describe.each(withAddress)('$name', ({ default: handler, config }) => {
  it('leaves routing to every method (no config.method)', () => {
    expect(config.method).toBeUndefined();
  });

  it('answers a method it does not take with 405 JSON and Allow, and every method Allow names otherwise', async () => {
    const answers = await Promise.all(
      METHODS.map(async (method) => ({
        method,
        response: await handler(new Request(addressOf(config), { method, headers: { origin: 'http://localhost' } }), {
          params: PARAMS,
        }),
      })),
    );
    const refused = answers.filter(({ response }) => response.status === 405);
    expect(refused.length, 'some method is refused').toBeGreaterThan(0);
    const allow = refused[0]?.response.headers.get('allow') ?? '';
    const allowed = allow.split(', ');
    for (const { method, response } of answers) {
      if (allowed.includes(method)) {
        expect(response.status, `${method} is allowed`).not.toBe(405);
        continue;
      }
      expect(response.status, method).toBe(405);
      expect(response.headers.get('allow')).toBe(allow);
      // (Its JSON content type is checked as served, in tests/e2e/api-methods.spec.ts: under Vitest
      // the copy of the headers in withApiHeaders loses it, which Node itself does not.)
      expect(await response.json()).toEqual({
        error: { code: 'METHOD_NOT_ALLOWED', message: `Use ${allowed.join(' or ')} for this address.` },
      });
    }
  });
});
