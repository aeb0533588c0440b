// @vitest-environment jsdom
/**
 * The quantity stepper's early actions (decision 028), on a small page shaped as its
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

describe('the product page: the stepper', () => {
  it('the stepper steps within 1..99', () => {
    productPage();
    const [down, up] = document.querySelectorAll<HTMLButtonElement>('.stepper__button');
    expect(productActions['quantity-up']?.(up as HTMLButtonElement)).toBe('replay');
    expect(($('.stepper__input') as HTMLInputElement).value).toBe('2');
    expect(down?.disabled).toBe(false);
    ($('.stepper__input') as HTMLInputElement).value = 'abc'; // typed, not committed: React's to settle
    expect(productActions['quantity-down']?.(down as HTMLButtonElement)).toBe('hold');
  });
});
