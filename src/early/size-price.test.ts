// @vitest-environment jsdom
/** A size's early action (decision 028); the page each test builds: test-page.fixture.ts. */
import { describe, expect, it } from 'vitest';
import { productActions } from './actions.ts';
import { productPage } from './product-page.fixture.ts';
import { $ } from './test-page.fixture.ts';

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
