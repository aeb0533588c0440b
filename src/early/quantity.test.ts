// @vitest-environment jsdom
/** The quantity stepper's early actions (decision 028); the page each test builds: test-page.fixture.ts. */
import { describe, expect, it } from 'vitest';
import { productActions } from './actions.ts';
import { productPage } from './product-page.fixture.ts';
import { $ } from './test-page.fixture.ts';

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
