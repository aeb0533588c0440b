import { type ReactNode, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Breadcrumb } from '../../components/Breadcrumb.tsx';
import { Carousel } from '../../components/carousel/Carousel.tsx';
import { QuantityStepper } from '../../components/QuantityStepper.tsx';
import { Stars } from '../../components/Stars.tsx';
import { useToast } from '../../components/toast/index.ts';
import { type EarlyActionName, takeEarlyAdds } from '../../early/index.ts';
import { type CartItem, cartItemFor } from '../../shop/cart/index.ts';
import { findVariant, type Product } from '../../shop/catalogue/index.ts';
import { useCart } from '../cart/index.ts';
import { cartPixelParams, track } from '../pixel/index.ts';
import { useReviewSummaries } from '../reviews/index.ts';
import { DeliveryCheck } from './DeliveryCheck.tsx';
import { VariantPrice } from './Price.tsx';
import { ProductStory, type ProductStoryTexts } from './ProductStory.tsx';
import { SizeSelector } from './SizeSelector.tsx';
import './catalogue.css';
import { text } from '../../shop/texts/product-pages.ts';

/**
 * The gallery is the first of `.product-detail__main`'s two columns (2rem apart) from 56rem, and
 * the page's full width below (catalogue.css, global.css).
 */
const GALLERY_SIZES = [
  '(min-width: 72rem) 33.5rem',
  '(min-width: 56rem) calc((100vw - 5rem) / 2)',
  '(min-width: 48rem) calc(100vw - 3rem)',
  'calc(100vw - 2rem)',
].join(', ');

/**
 * /products/{id} (docs/shop-rules.md §2): the product, its sizes and Add to Cart, its story, then
 * `reviews` (the reviews feature's list and form, which the route puts here).
 */
export function ProductDetail({
  product,
  texts,
  reviews,
}: {
  product: Product;
  texts: ProductStoryTexts | undefined;
  reviews: ReactNode;
}) {
  const [size, setSize] = useState(product.variants[0]?.size ?? '');
  const [quantity, setQuantity] = useState(1);
  const cart = useCart();
  const toast = useToast();
  const variant = findVariant(product, size);
  const ratingFor = useReviewSummaries();

  useEffect(() => {
    const first = product.variants[0];
    const item = first && cartItemFor(product, first.size, 1);
    if (item) track('ViewContent', cartPixelParams([item]));
  }, [product]);

  const announce = (item: CartItem) => {
    track('AddToCart', cartPixelParams([item]));
    toast.show({
      type: 'success',
      message: text('productPage.added', { quantity: item.quantity, name: item.name, size: item.size }),
    });
  };
  const addToCart = () => {
    const item = cartItemFor(product, size, quantity);
    if (!item) return;
    cart.add(item);
    announce(item);
  };
  // Lines added before the page was live were stored then (src/early/size-price.ts); say so now.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the page goes live
  useEffect(() => takeEarlyAdds().forEach(announce), []);

  return (
    <div className="page product-detail">
      <Breadcrumb
        trail={[
          { name: text('shell.nav.home'), path: '/' },
          { name: text('shell.nav.organicProducts'), path: '/products' },
        ]}
        current={product.name}
      />
      <div className="product-detail__main">
        <Carousel images={product.images} label={product.name} sizes={GALLERY_SIZES} priority />
        <div className="product-detail__info">
          <p className="tag">{product.category}</p>
          <h1>{product.name}</h1>
          <Stars rating={ratingFor(product.id)} size={20} />
          {product.heroLine && <p className="product-detail__hero-line">{product.heroLine}</p>}
          <p>{product.description}</p>
          {product.benefits.length > 0 && (
            <ul className="tag-list" aria-label={text('product.benefits')}>
              {product.benefits.map((benefit) => (
                <li key={benefit} className="tag tag--leaf">
                  {benefit}
                </li>
              ))}
            </ul>
          )}
          <SizeSelector product={product} value={size} onChange={setSize} />
          {/* One price per size, the chosen one shown: a size picked before the page is live shows its price at once (src/early/size-price.ts). */}
          {product.variants.map((each) => (
            <p
              key={each.size}
              className="product-detail__price"
              data-size={each.size}
              hidden={each.size !== variant?.size}
            >
              <VariantPrice product={product} variant={each} />
              <span className="product-detail__weight">
                {text('product.weight')} {each.weight} {text('product.g')}
              </span>
            </p>
          ))}
          <p className="product-detail__stock">{text('product.inStock')}</p>
          <div className="product-detail__buy">
            <QuantityStepper
              value={quantity}
              onChange={setQuantity}
              label={text('productPage.quantityOf', { name: product.name })}
            />
            <button
              type="button"
              className="button"
              data-early={'add-to-cart' satisfies EarlyActionName}
              onClick={addToCart}
            >
              {text('product.addToCart')}
            </button>
          </div>
          <DeliveryCheck />
        </div>
      </div>
      <ProductStory product={product} texts={texts} />
      {reviews}
    </div>
  );
}

/** An id the build has no page for (docs/shop-rules.md §2). */
export function ProductNotFound() {
  return (
    <div className="page page--message">
      <h1>{text('product.productNotFound')}</h1>
      <p>{text('product.weCouldNotFind')}</p>
      <p>
        <Link className="button" to="/products">
          {text('product.backToAllProducts')}
        </Link>
      </p>
    </div>
  );
}
