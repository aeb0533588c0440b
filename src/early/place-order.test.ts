// @vitest-environment jsdom
/** Place Order's early action and the toast it shows (decision 028); the page each test builds: test-page.fixture.ts. */
import { describe, expect, it } from 'vitest';
import { EARLY_TOASTS_HTML } from '#tests/support/early-toasts.ts';
import { checkoutActions } from './actions.ts';
import { $ } from './test-page.fixture.ts';

describe('Place Order', () => {
  const page = (values: Record<string, string>) => {
    document.body.innerHTML = `<form><input name="name" required value="${values.name ?? ''}"><input name="pincode" required value="${values.pincode ?? ''}">
      <button type="submit" data-early="place-order" data-required-message="Fill in all" data-pincode-message="Six digits" data-waiting-message="Shipping to {pincode} is being calculated"></button></form>${EARLY_TOASTS_HTML}`;
    return $('[data-early="place-order"]');
  };
  const toast = () => document.querySelector('.toast-viewport--early [role]')?.textContent;

  it('answers with what is missing, or that the total is on its way; it never places anything', () => {
    expect(checkoutActions['place-order']?.(page({}))).toBe('done');
    expect(toast()).toContain('Fill in all');
    expect(document.activeElement?.getAttribute('name')).toBe('name');
    checkoutActions['place-order']?.(page({ name: 'Asha', pincode: '24800' }));
    expect(toast()).toContain('Six digits');
    checkoutActions['place-order']?.(page({ name: 'Asha', pincode: '248001' }));
    expect(toast()).toContain('Shipping to 248001 is being calculated');
    expect(document.querySelectorAll('.toast-viewport--early')).toHaveLength(1); // one at a time
    checkoutActions['toast-close']?.(document.querySelector('.toast-viewport--early .toast__close') as HTMLElement);
    expect(document.querySelector('.toast-viewport--early')).toBeNull();
  });

  it('leaves the tap to the live page when the page drew no toast to answer with', () => {
    const button = page({});
    document.querySelector('[data-early-toasts]')?.remove();
    expect(checkoutActions['place-order']?.(button)).toBe('hold');
    page({ name: 'Asha', pincode: '24800' });
    document.querySelector('[data-early-toasts]')?.remove();
    expect(checkoutActions['place-order']?.($('[data-early="place-order"]'))).toBe('hold');
    page({ name: 'Asha', pincode: '248001' });
    document.querySelector('[data-early-toasts]')?.remove();
    expect(checkoutActions['place-order']?.($('[data-early="place-order"]'))).toBe('hold');
  });
});
