import { describe, expect, it } from 'vitest';
import { anySelected, cartLinkLabel, slidePlace, stepperLimits } from './views.ts';

describe('the views the early script and React share', () => {
  it('names the cart link by its count', () => {
    expect(cartLinkLabel(0)).toBe('Cart, empty');
    expect(cartLinkLabel(1)).toBe('Cart, 1 item');
    expect(cartLinkLabel(4)).toBe('Cart, 4 items');
  });

  it('disables the stepper’s − and + at its limits', () => {
    expect(stepperLimits(1, 1, 99)).toEqual({ down: true, up: false });
    expect(stepperLimits(5, 1, 99)).toEqual({ down: false, up: false });
    expect(stepperLimits(99, 1, 99)).toEqual({ down: false, up: true });
  });

  it('says a slide’s place from 1', () => {
    expect(slidePlace(1, 3)).toBe('2 of 3');
  });

  it('matches a chip’s values whatever their case, and everything when none is chosen', () => {
    expect(anySelected([], ['Dairy'])).toBe(true);
    expect(anySelected(['dairy'], ['Dairy', 'Grains'])).toBe(true);
    expect(anySelected(['Oils'], ['Dairy'])).toBe(false);
  });
});
