import { type Product, priceRange, unitPrice, type Variant } from '../../shop/catalogue/index.ts';
import { formatRupees } from '../../shop/money/index.ts';
import './catalogue.css';
import { text } from '../../shop/texts/index.ts';

/** A price, with the original struck through beside it when discounted. */
export function Price({ price, original }: { price: number; original: number }) {
  if (price === original) return <span className="price">{formatRupees(price)}</span>;
  return (
    <span className="price">
      <span className="price__now">{formatRupees(price)}</span>{' '}
      <s className="price__was">
        <span className="visually-hidden">{text('product.was')} </span>
        {formatRupees(original)}
      </s>
    </span>
  );
}

export function VariantPrice({ product, variant }: { product: Product; variant: Variant }) {
  return <Price price={unitPrice(product, variant)} original={variant.price} />;
}

/** One price when every size costs the same, otherwise "from – to". */
export function PriceRangeText({ product }: { product: Product }) {
  const range = priceRange(product);
  if (range.min === range.max) return <Price price={range.min} original={range.originalMin} />;
  return (
    <span className="price">
      <Price price={range.min} original={range.originalMin} /> –{' '}
      <Price price={range.max} original={range.originalMax} />
    </span>
  );
}
