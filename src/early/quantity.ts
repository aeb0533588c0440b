/**
 * The quantity stepper's − and + before React is live (decision 028): the number changes at once
 * and the buttons are enabled or disabled at the limits, as QuantityStepper renders them (the same `stepperLimits`: views.ts); the
 * replayed tap then moves React's quantity the same step. Only the stepper's own field changes
 * (Add to Cart tapped early reads it: add-to-cart.ts).
 */
import type { EarlyResult } from './action.ts';
import { stepperLimits } from './views.ts';

export function stepQuantity(control: HTMLElement, step: 1 | -1): EarlyResult {
  const stepper = control.closest('.stepper');
  const field = stepper?.querySelector<HTMLInputElement>('.stepper__input');
  const [down, up] = stepper?.querySelectorAll<HTMLButtonElement>('.stepper__button') ?? [];
  if (!field || !down || !up) return 'hold';
  const min = Number(field.min);
  const max = Number(field.max);
  const current = Number.parseInt(field.value, 10);
  // A number typed and not yet committed is React's to settle: that tap waits for the page.
  if (!Number.isInteger(current) || current < min || current > max) return 'hold';
  const next = Math.min(max, Math.max(min, current + step));
  field.value = String(next);
  const limits = stepperLimits(next, min, max);
  down.disabled = limits.down;
  up.disabled = limits.up;
  return 'replay';
}
