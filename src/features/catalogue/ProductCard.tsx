import { Link } from 'react-router';
import { Carousel } from '../../components/carousel/Carousel.tsx';
import { GRID_CARD_SIZES } from '../../components/image/layout-sizes.ts';
import { type RatingSummary, Stars } from '../../components/Stars.tsx';
import { isDiscounted, type Product } from '../../shop/catalogue/index.ts';
import { truncateText } from '../../shop/text.ts';
import { PriceRangeText } from './Price.tsx';
import './catalogue.css';
import { text } from '../../shop/texts/index.ts';

export const CARD_DESCRIPTION_LENGTH = 80;

export interface DiscountDisplay {
  showDiscountTag: boolean;
  festivalLabel: string;
  festivalActive: boolean;
}

export function discountTagText(product: Product, display: DiscountDisplay): string | null {
  if (!display.showDiscountTag || !isDiscounted(product)) return null;
  const percent = `${product.discountPercent}% OFF`;
  return display.festivalActive && display.festivalLabel ? `${display.festivalLabel} · ${percent}` : percent;
}

interface ProductCardProps {
  product: Product;
  display: DiscountDisplay;
  rating?: RatingSummary | undefined;
  /** Home cards show 3 benefits; the product list shows them all. */
  benefitLimit?: number;
  headingLevel?: 'h2' | 'h3';
  /** The card's photo is the page's LCP image (the first card of /products, above the fold on a phone). */
  priority?: boolean;
}

export function ProductCard({
  product,
  display,
  rating,
  benefitLimit,
  headingLevel = 'h2',
  priority,
}: ProductCardProps) {
  const Heading = headingLevel;
  const tag = discountTagText(product, display);
  const benefits = benefitLimit === undefined ? product.benefits : product.benefits.slice(0, benefitLimit);
  return (
    <article className="product-card card">
      <div className="product-card__media">
        <Carousel images={product.images} label={product.name} sizes={GRID_CARD_SIZES} priority={priority} />
        <div className="product-card__badges">
          <span className="tag">{product.category}</span>
          {product.bestseller && <span className="tag tag--bestseller">{text('product.bestseller')}</span>}
          {tag && <span className="tag tag--discount">{tag}</span>}
        </div>
      </div>
      <div className="product-card__body">
        <Heading className="product-card__name">
          <Link to={`/products/${product.id}`}>{product.name}</Link>
        </Heading>
        {benefits.length > 0 && (
          <ul className="tag-list" aria-label={text('product.benefits')}>
            {benefits.map((benefit) => (
              <li key={benefit} className="tag tag--leaf">
                {benefit}
              </li>
            ))}
          </ul>
        )}
        <Stars rating={rating} />
        <p className="product-card__description">{truncateText(product.description, CARD_DESCRIPTION_LENGTH)}</p>
        <p className="product-card__price">
          <PriceRangeText product={product} />
        </p>
        <Link
          className="button button--ghost product-card__cta"
          to={`/products/${product.id}`}
          aria-hidden="true"
          tabIndex={-1}
        >
          {text('product.viewSizes')}
        </Link>
      </div>
    </article>
  );
}
