import { useId } from 'react';
import type { EarlyActionName } from '../../early/index.ts';
import { cartItemFor } from '../../shop/cart/index.ts';
import type { Product } from '../../shop/catalogue/index.ts';
import { VariantPrice } from './Price.tsx';
import './catalogue.css';
import { text } from '../../shop/texts/index.ts';

/** The size choice: a real radio group, each option with its own price. */
export function SizeSelector({
  product,
  value,
  onChange,
}: {
  product: Product;
  value: string;
  onChange: (size: string) => void;
}) {
  const name = useId();
  return (
    <fieldset className="size-selector">
      <legend>{text('product.size')}</legend>
      <div className="size-selector__options">
        {product.variants.map((variant) => (
          <label key={variant.size} className="size-selector__option">
            <input
              type="radio"
              name={name}
              value={variant.size}
              checked={variant.size === value}
              onChange={() => onChange(variant.size)}
              // Before the page is live, the price and Add to Cart read these (src/early/size-price.ts, decision 028).
              data-early={'size' satisfies EarlyActionName}
              data-cart-item={JSON.stringify(cartItemFor(product, variant.size, 1))}
            />
            <span className="size-selector__size">{variant.size}</span>{' '}
            <span className="size-selector__price">
              <VariantPrice product={product} variant={variant} />
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
