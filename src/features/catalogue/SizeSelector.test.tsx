import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { makeCatalogue, makeProduct } from '#tests/support/factories.ts';
import type { Product } from '../../shop/catalogue/index.ts';
import { SizeSelector } from './SizeSelector.tsx';

function ghee(overrides: Partial<Product> = {}): Product {
  const product = makeCatalogue().find((candidate) => candidate.name === 'Badri Cow Ghee');
  if (!product) throw new Error('The catalogue factory no longer has Badri Cow Ghee.');
  return { ...product, ...overrides };
}

/** Holds the selection like a product page does, so a click really moves the checked radio. */
function StatefulSizeSelector({
  product,
  initial,
  onChange,
}: {
  product: Product;
  initial: string;
  onChange: (size: string) => void;
}) {
  const [size, setSize] = useState(initial);
  return (
    <SizeSelector
      product={product}
      value={size}
      onChange={(next) => {
        setSize(next);
        onChange(next);
      }}
    />
  );
}

describe('<SizeSelector>', () => {
  it('offers one radio per size, each labelled with its size and price', () => {
    render(<SizeSelector product={ghee()} value="120gm" onChange={() => undefined} />);

    const group = screen.getByRole('group', { name: 'Size' });
    const radios = within(group).getAllByRole('radio');
    expect(radios).toHaveLength(3);
    expect(within(group).getByRole('radio', { name: /120gm.*₹450/ })).toBeInTheDocument();
    expect(within(group).getByRole('radio', { name: /295gm.*₹1,067/ })).toBeInTheDocument();
    expect(within(group).getByRole('radio', { name: /495gm.*₹1,795/ })).toBeInTheDocument();
  });

  it('checks the radio of the size given as value, and only that one', () => {
    const { rerender } = render(<SizeSelector product={ghee()} value="295gm" onChange={() => undefined} />);

    expect(screen.getByRole('radio', { name: /295gm/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: /120gm/ })).not.toBeChecked();
    expect(screen.getByRole('radio', { name: /495gm/ })).not.toBeChecked();

    rerender(<SizeSelector product={ghee()} value="495gm" onChange={() => undefined} />);
    expect(screen.getByRole('radio', { name: /495gm/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: /295gm/ })).not.toBeChecked();
  });

  /** The selector as a product page holds it, 120gm chosen: the shopper's hands and what it reports. */
  function renderChoosing120gm() {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<StatefulSizeSelector product={ghee()} initial="120gm" onChange={onChange} />);
    return { user, onChange };
  }

  it('selects the size the shopper clicks', async () => {
    const { user, onChange } = renderChoosing120gm();

    await user.click(screen.getByRole('radio', { name: /495gm/ }));

    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenCalledWith('495gm');
    expect(screen.getByRole('radio', { name: /495gm/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: /120gm/ })).not.toBeChecked();
  });

  it('moves the selection with the arrow keys', async () => {
    const { user, onChange } = renderChoosing120gm();

    await user.tab();
    expect(screen.getByRole('radio', { name: /120gm/ })).toHaveFocus();

    await user.keyboard('{ArrowRight}');
    expect(onChange).toHaveBeenLastCalledWith('295gm');
    expect(screen.getByRole('radio', { name: /295gm/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: /295gm/ })).toHaveFocus();

    await user.keyboard('{ArrowDown}');
    expect(onChange).toHaveBeenLastCalledWith('495gm');
    expect(screen.getByRole('radio', { name: /495gm/ })).toBeChecked();

    await user.keyboard('{ArrowUp}');
    expect(onChange).toHaveBeenLastCalledWith('295gm');
    expect(screen.getByRole('radio', { name: /295gm/ })).toBeChecked();
    expect(onChange).toHaveBeenCalledTimes(3);
  });

  it('shows the discounted price with the original struck through', () => {
    render(<SizeSelector product={ghee({ discountPercent: 10 })} value="295gm" onChange={() => undefined} />);

    // 10% off ₹1,067 is ₹960.30, rounded to ₹960. jsdom has no CSS, so it joins the inline
    // spans of the name without spaces; the order is what matters.
    const radio = screen.getByRole('radio', { name: /295gm/ });
    expect(radio).toHaveAccessibleName(/^295gm\s*₹960\s*was\s*₹1,067$/);
    const label = radio.closest('label');
    if (!label) throw new Error('The radio is not inside its label.');
    expect(within(label).getByText('₹960')).toBeInTheDocument();
    const original = within(label).getByText('₹1,067');
    expect(original.tagName).toBe('S');
    expect(original).toHaveTextContent('was ₹1,067');
  });

  it('shows a single price, nothing struck through, when there is no discount', () => {
    render(<SizeSelector product={makeProduct()} value="500gm" onChange={() => undefined} />);

    const radio = screen.getByRole('radio', { name: /500gm/ });
    expect(radio).toHaveAccessibleName(/^500gm\s*₹347$/);
  });
});
