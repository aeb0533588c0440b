import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { MAX_LINE_QUANTITY } from '../shop/cart/index.ts';
import { QuantityStepper } from './QuantityStepper.tsx';

const LABEL = 'Quantity of Badri Cow Ghee 295gm';

/** Holds the quantity like the cart does, so the stepper shows what the shopper chose. */
function StatefulStepper({ initial, onChange }: { initial: number; onChange: (quantity: number) => void }) {
  const [quantity, setQuantity] = useState(initial);
  return (
    <QuantityStepper
      label={LABEL}
      value={quantity}
      onChange={(next) => {
        setQuantity(next);
        onChange(next);
      }}
    />
  );
}

function renderStepper(initial: number) {
  const onChange = vi.fn();
  const user = userEvent.setup();
  render(<StatefulStepper initial={initial} onChange={onChange} />);
  const input = screen.getByRole('spinbutton', { name: 'Quantity' });
  return {
    onChange,
    user,
    input,
    /** Types `text` over the quantity, then leaves the field. */
    async retype(text: string) {
      await user.clear(input);
      await user.type(input, text);
      await user.tab();
    },
    decrease: screen.getByRole('button', { name: 'Decrease quantity' }),
    increase: screen.getByRole('button', { name: 'Increase quantity' }),
  };
}

describe('<QuantityStepper>', () => {
  it('groups its controls under the given label', () => {
    renderStepper(2);

    const group = screen.getByRole('group', { name: LABEL });
    expect(within(group).getByRole('button', { name: 'Decrease quantity' })).toBeInTheDocument();
    expect(within(group).getByRole('spinbutton', { name: 'Quantity' })).toHaveValue(2);
    expect(within(group).getByRole('button', { name: 'Increase quantity' })).toBeInTheDocument();
  });

  it('adds one with + and takes one away with −', async () => {
    const { user, input, increase, decrease, onChange } = renderStepper(3);

    await user.click(increase);
    expect(onChange).toHaveBeenLastCalledWith(4);
    expect(input).toHaveValue(4);

    await user.click(decrease);
    await user.click(decrease);
    expect(onChange).toHaveBeenLastCalledWith(2);
    expect(input).toHaveValue(2);
    expect(onChange).toHaveBeenCalledTimes(3);
  });

  it('disables − at 1, so the quantity cannot go below one', async () => {
    const { user, input, decrease, onChange } = renderStepper(2);
    expect(decrease).toBeEnabled();

    await user.click(decrease);
    expect(input).toHaveValue(1);
    expect(decrease).toBeDisabled();

    await user.click(decrease);
    expect(input).toHaveValue(1);
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it(`disables + at the maximum of ${MAX_LINE_QUANTITY}`, async () => {
    const { user, input, increase, onChange } = renderStepper(MAX_LINE_QUANTITY - 1);
    expect(increase).toBeEnabled();

    await user.click(increase);
    expect(input).toHaveValue(MAX_LINE_QUANTITY);
    expect(increase).toBeDisabled();

    await user.click(increase);
    expect(input).toHaveValue(MAX_LINE_QUANTITY);
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('turns a non-numeric entry into 1 when the field loses focus', async () => {
    const { input, onChange, retype } = renderStepper(4);

    await retype('abc');

    expect(input).toHaveValue(1);
    expect(onChange).toHaveBeenLastCalledWith(1);
    expect(screen.getByRole('button', { name: 'Decrease quantity' })).toBeDisabled();
  });

  it('turns 0 into 1 when the field loses focus', async () => {
    const { input, onChange, retype } = renderStepper(4);

    await retype('0');

    expect(input).toHaveValue(1);
    expect(onChange).toHaveBeenLastCalledWith(1);
  });

  it(`keeps a typed quantity above ${MAX_LINE_QUANTITY} at ${MAX_LINE_QUANTITY}`, async () => {
    const { input, onChange, retype } = renderStepper(4);

    await retype('150');

    expect(input).toHaveValue(MAX_LINE_QUANTITY);
    expect(onChange).toHaveBeenLastCalledWith(MAX_LINE_QUANTITY);
  });

  it('commits a typed quantity on Enter, without waiting for the field to lose focus', async () => {
    const { user, input, onChange } = renderStepper(1);

    await user.clear(input);
    await user.type(input, '5');
    expect(onChange).not.toHaveBeenCalled();

    await user.keyboard('{Enter}');
    expect(input).toHaveFocus();
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenCalledWith(5);
    expect(input).toHaveValue(5);
    expect(screen.getByRole('button', { name: 'Decrease quantity' })).toBeEnabled();

    // Leaving the field afterwards does not report the same quantity twice.
    await user.tab();
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('shows a new quantity given from outside, e.g. after another tab changed the cart', () => {
    const { rerender } = render(<QuantityStepper label={LABEL} value={2} onChange={() => undefined} />);
    expect(screen.getByRole('spinbutton', { name: 'Quantity' })).toHaveValue(2);

    rerender(<QuantityStepper label={LABEL} value={7} onChange={() => undefined} />);
    expect(screen.getByRole('spinbutton', { name: 'Quantity' })).toHaveValue(7);
  });
});
