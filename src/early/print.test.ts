// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { staticActions } from './actions.ts';

afterEach(() => vi.restoreAllMocks());

describe('Print (a page without React, decision 028)', () => {
  it('prints the page, as QrCode’s own handler does, and is done', () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    expect(staticActions.print()).toBe('done');
    expect(print).toHaveBeenCalledOnce();
  });
});
