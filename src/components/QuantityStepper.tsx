import { useEffect, useState } from 'react';
import { type EarlyActionName, stepperLimits } from '../early/index.ts';
import { MAX_LINE_QUANTITY, parseQuantity } from '../shop/cart/index.ts';
import './quantity-stepper.css';
import { text } from '../shop/texts/index.ts';

interface QuantityStepperProps {
  value: number;
  onChange: (quantity: number) => void;
  /** Names the control, e.g. "Quantity of Badri Cow Ghee 295gm". */
  label: string;
  min?: number;
  max?: number;
}

/**
 * − / number / + . Typing is free while the field has focus; on blur a non-numeric value becomes 1
 * and the value is kept within min..max (docs/shop-rules.md §5).
 */
export function QuantityStepper({ value, onChange, label, min = 1, max = MAX_LINE_QUANTITY }: QuantityStepperProps) {
  const [draft, setDraft] = useState(String(value));
  useEffect(() => setDraft(String(value)), [value]);

  const commit = (raw: string) => {
    const next = Math.min(max, Math.max(min, parseQuantity(raw)));
    setDraft(String(next));
    if (next !== value) onChange(next);
  };

  // The same limits the early script shows before the page is live (src/early/views.ts).
  const limits = stepperLimits(value, min, max);

  return (
    <fieldset className="stepper">
      <legend className="visually-hidden">{label}</legend>
      <button
        type="button"
        className="stepper__button"
        aria-label={text('common.decreaseQuantity')}
        // Before the page is live, src/early/quantity.ts takes the step at once (decision 028).
        data-early={'quantity-down' satisfies EarlyActionName}
        disabled={limits.down}
        onClick={() => onChange(Math.max(min, value - 1))}
      >
        −
      </button>
      <input
        className="stepper__input"
        type="number"
        inputMode="numeric"
        min={min}
        max={max}
        aria-label={text('common.quantity')}
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        onBlur={(event) => commit(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') commit(event.currentTarget.value);
        }}
      />
      <button
        type="button"
        className="stepper__button"
        aria-label={text('common.increaseQuantity')}
        data-early={'quantity-up' satisfies EarlyActionName}
        disabled={limits.up}
        onClick={() => onChange(Math.min(max, value + 1))}
      >
        +
      </button>
    </fieldset>
  );
}
