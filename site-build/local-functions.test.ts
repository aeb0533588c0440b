import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { mayBeFunction } from './dev-functions.ts';
import {
  compilePath,
  FUNCTIONS_DIR,
  type FunctionModule,
  findRoute,
  functionFiles,
  functionName,
  routesOf,
} from './local-functions.ts';

const root = path.resolve(import.meta.dirname, '..');
const names = functionFiles(readdirSync(path.join(root, FUNCTIONS_DIR))).map(functionName);
const modules = await Promise.all(
  names.map(async (name) => ({
    name,
    module: (await import(path.join(root, FUNCTIONS_DIR, `${name}.mts`))) as FunctionModule,
  })),
);
const routes = modules.flatMap(({ name, module }) => routesOf(name, module.config));

/** An address a `config.path` answers: each `:param` given a value. */
const addressOf = (routePath: string) => routePath.replace(/:(\w+)/g, 'OUO_1764057000000').replace(/\*$/, 'any');

describe('the functions as the local servers route them', () => {
  it('finds every function file, scheduled ones included', () => {
    expect(names).toContain('process-cod');
    expect(names).toContain('sync-parcels');
    expect(new Set(routes.map((route) => route.name))).toEqual(new Set(names));
  });

  it.each(
    modules.flatMap(({ name, module }) => {
      const { path: paths, method, schedule } = module.config ?? {};
      const methods = method ? [method].flat() : schedule ? ['POST'] : ['GET'];
      const addresses = paths ? [paths].flat().map(addressOf) : [`/.netlify/functions/${name}`];
      return addresses.flatMap((address) => methods.map((one) => ({ name, address, method: one })));
    }),
  )('$method $address reaches $name, and the dev server looks for a function there', ({ name, address, method }) => {
    expect(mayBeFunction(address)).toBe(true);
    expect(findRoute(routes, method, address)?.route.name).toBe(name);
  });

  it('leaves the pages and the dev server’s own files to the pages', () => {
    for (const address of ['/', '/products/1', '/orders/OUO_1764057000000', '/cart', '/@vite/client', '/src/root.tsx'])
      expect(mayBeFunction(address), address).toBe(false);
    expect(findRoute(routes, 'GET', '/orders/OUO_1764057000000')).toBeUndefined();
  });

  it('reads a path’s parameters, and allows a trailing slash', () => {
    expect(findRoute(routes, 'GET', '/api/orders/OUO_1764057000000/')?.params).toEqual({
      orderId: 'OUO_1764057000000',
    });
    expect(findRoute(routes, 'GET', '/orders/OUO_1764057000000/invoice.pdf')).toMatchObject({
      route: { name: 'invoice' },
      params: { orderId: 'OUO_1764057000000' },
    });
  });

  it('takes a dot in a path literally, and a parameter as one segment', () => {
    const pattern = compilePath('/orders/:orderId/invoice.pdf');
    expect(pattern.test('/orders/1/invoice.pdf')).toBe(true);
    expect(pattern.test('/orders/1/invoiceXpdf')).toBe(false);
    expect(pattern.test('/orders/1/2/invoice.pdf')).toBe(false);
    expect(compilePath('/api/files/*').test('/api/files/a/b')).toBe(true);
  });

  it('answers a method only where the function names it, and runs a scheduled function on a POST only', () => {
    const [scheduled] = routesOf('sync-parcels', { schedule: '*/30 * * * *' });
    expect(scheduled?.methods).toEqual(['POST']);
    expect(findRoute(routes, 'POST', '/.netlify/functions/sync-parcels')?.route.name).toBe('sync-parcels');
    expect(findRoute(routes, 'GET', '/.netlify/functions/sync-parcels')).toBeUndefined();
    const postOnly = routesOf('one', { path: '/api/one', method: 'POST' });
    expect(findRoute(postOnly, 'GET', '/api/one')).toBeUndefined();
    expect(findRoute(postOnly, 'POST', '/api/one')?.route.name).toBe('one');
    expect(routesOf('none', undefined)).toEqual([]);
  });
});
