// @vitest-environment jsdom
/**
 * A size's early action (decision 028), on a small page shaped as its
 * component renders it; the browser tests (tests/e2e/before-hydration*.spec.ts) check
 * it on the real pages, before and after hydration.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { productActions } from './actions.ts';
import { productPage } from './product-page.fixture.ts';

const $ = <T extends HTMLElement>(selector: string) => document.querySelector(selector) as T;

afterEach(() => {
  document.body.innerHTML = '';
  localStorage.clear();
});

describe('the product page: a size', () => {
  it('a size shows its price', () => {
    productPage();
    const big = $('input[value="295gm"]') as HTMLInputElement;
    big.checked = true;
    productActions.size?.(big);
    expect($('[data-size="295gm"]').hidden).toBe(false);
    expect($('[data-size="120gm"]').hidden).toBe(true);
  });
});
