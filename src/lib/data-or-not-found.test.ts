import { UNSAFE_ErrorResponseImpl as ErrorResponse } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dataOrNotFound } from './data-or-not-found.ts';

const NOT_FOUND = { product: null };

afterEach(() => {
  vi.restoreAllMocks();
});

describe('dataOrNotFound', () => {
  it("gives the prerendered page's data", async () => {
    expect(await dataOrNotFound(async () => ({ product: { id: 3 } }), NOT_FOUND)).toEqual({ product: { id: 3 } });
  });

  it('turns a missing data file (404) into the page\'s "not found"', async () => {
    const missing = () => Promise.reject(new ErrorResponse(404, 'Not Found', null));
    expect(await dataOrNotFound(missing, NOT_FOUND)).toBe(NOT_FOUND);
  });

  it('turns data it cannot read (a host that serves the SPA fallback) into "not found"', async () => {
    const undecodable = () => Promise.reject(new SyntaxError('Unexpected token <'));
    expect(await dataOrNotFound(undecodable, NOT_FOUND)).toBe(NOT_FOUND);
  });

  it('lets the error through while the shopper is offline: the error page says so', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const offline = new TypeError('Failed to fetch');
    await expect(dataOrNotFound(() => Promise.reject(offline), NOT_FOUND)).rejects.toBe(offline);
  });
});
