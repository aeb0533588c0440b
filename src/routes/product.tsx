import { useEffect, useState } from 'react';
import { data, Link, useRouteLoaderData } from 'react-router';
import { Breadcrumb } from '../components/Breadcrumb.tsx';
import { Carousel } from '../components/carousel/Carousel.tsx';
import { QuantityStepper } from '../components/QuantityStepper.tsx';
import { useToast } from '../components/toast/index.ts';
import { content } from '../content/content.server.ts';
import { reviewDigest } from '../content/review-digest.server.ts';
import { useCart } from '../features/cart/cart-context.tsx';
import { DeliveryCheck } from '../features/catalogue/DeliveryCheck.tsx';
import { VariantPrice } from '../features/catalogue/Price.tsx';
import { SizeSelector } from '../features/catalogue/SizeSelector.tsx';
import { Stars } from '../features/catalogue/Stars.tsx';
import { cartPixelParams, track } from '../features/pixel/pixel.ts';
import { ProductReviews } from '../features/reviews/ProductReviews.tsx';
import { useReviewSummaries } from '../features/reviews/use-review-summaries.ts';
import { notFoundHead, pageHead } from '../features/seo/head.ts';
import { breadcrumbJsonLd, productJsonLd } from '../features/seo/structured-data.ts';
import { dataOrNotFound } from '../lib/data-or-not-found.ts';
import { cartItemFor } from '../shop/cart.ts';
import { findVariant, type Product } from '../shop/catalogue.ts';
import '../features/catalogue/catalogue.css';
import type { loader as rootLoader } from '../root.tsx';
import type { Route } from './+types/product';

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

export async function loader({ params }: Route.LoaderArgs) {
  const id = Number(params.id);
  const product = Number.isInteger(id) && id > 0 ? await content().product(id) : undefined;
  if (!product) throw data(null, { status: 404 });
  const [settings, reviews] = await Promise.all([content().settings(), reviewDigest(product)]);
  return { product, seo: { freeShippingThreshold: settings.freeShippingThreshold, reviews } };
}

/**
 * Prerendered products load their data from the build; any other id (typed by hand, or a product
 * that was withdrawn) finds no data file and shows "Product not found" instead of an error.
 */
export async function clientLoader({ params, serverLoader }: Route.ClientLoaderArgs) {
  const id = Number(params.id);
  if (!Number.isInteger(id) || id <= 0) return { product: null };
  return dataOrNotFound(serverLoader, { product: null });
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData?.product || !('seo' in loaderData)) return notFoundHead('Product not found');
  const { product, seo } = loaderData;
  const path = `/products/${product.id}`;
  return pageHead({
    title: product.name,
    description: product.description,
    path,
    type: 'product',
    image: product.images[0],
    jsonLd: [
      productJsonLd(product, seo),
      breadcrumbJsonLd([
        { name: 'Home', path: '/' },
        { name: 'Organic Products', path: '/products' },
        { name: product.name, path },
      ]),
    ],
  });
}

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  const { product } = loaderData;
  if (!product) return <ProductNotFound />;
  return <ProductDetail key={product.id} product={product} />;
}

function ProductNotFound() {
  return (
    <div className="page page--message">
      <h1>Product not found</h1>
      <p>We could not find that product. It may have sold out for the season or moved.</p>
      <p>
        <Link className="button" to="/products">
          Back to all products
        </Link>
      </p>
    </div>
  );
}

function ProductDetail({ product }: { product: Product }) {
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

  const addToCart = () => {
    const item = cartItemFor(product, size, quantity);
    if (!item) return;
    cart.add(item);
    track('AddToCart', cartPixelParams([item]));
    toast.show({ type: 'success', message: `Added ${item.quantity} × ${product.name} (${item.size}) to your cart.` });
  };

  return (
    <div className="page product-detail">
      <Breadcrumb
        trail={[
          { name: 'Home', path: '/' },
          { name: 'Organic Products', path: '/products' },
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
            <ul className="tag-list" aria-label="Benefits">
              {product.benefits.map((benefit) => (
                <li key={benefit} className="tag tag--leaf">
                  {benefit}
                </li>
              ))}
            </ul>
          )}
          <SizeSelector product={product} value={size} onChange={setSize} />
          {variant && (
            <p className="product-detail__price">
              <VariantPrice product={product} variant={variant} />
              <span className="product-detail__weight">Weight: {variant.weight} g</span>
            </p>
          )}
          <p className="product-detail__stock">In Stock</p>
          <div className="product-detail__buy">
            <QuantityStepper value={quantity} onChange={setQuantity} label={`Quantity of ${product.name}`} />
            <button type="button" className="button" onClick={addToCart}>
              Add to Cart
            </button>
          </div>
          <DeliveryCheck />
        </div>
      </div>
      <ProductStory product={product} />
      <ProductReviews productId={product.id} />
    </div>
  );
}

function ProductStory({ product }: { product: Product }) {
  // The links' words are the editors' (Shop settings → Texts across the site).
  const texts = useRouteLoaderData<typeof rootLoader>('root')?.settings;
  const hasNutrition = product.nutritionHighlights.length > 0 || product.nutritionBenefits.length > 0;
  return (
    <div className="product-story">
      {product.story && (
        <section aria-labelledby="our-story">
          <h2 id="our-story">Our Story</h2>
          <p>{product.story}</p>
        </section>
      )}
      {product.keyFeatures.length > 0 && (
        <section aria-labelledby="key-features">
          <h2 id="key-features">Key Features</h2>
          <ul className="check-list">
            {product.keyFeatures.map((feature) => (
              <li key={feature}>{feature}</li>
            ))}
          </ul>
        </section>
      )}
      {hasNutrition && (
        <section aria-labelledby="nutrition-highlights">
          <h2 id="nutrition-highlights">Nutrition Highlights</h2>
          {product.nutritionHighlights.length > 0 && (
            <ul className="tag-list">
              {product.nutritionHighlights.map((highlight) => (
                <li key={highlight} className="tag">
                  {highlight}
                </li>
              ))}
            </ul>
          )}
          {product.nutritionBenefits.length > 0 && (
            <>
              <h3>Health benefits</h3>
              <ul>
                {product.nutritionBenefits.map((benefit) => (
                  <li key={benefit}>{benefit}</li>
                ))}
              </ul>
            </>
          )}
          <p>
            <Link to="/nutrition">{texts?.productNutritionLink}</Link>
          </p>
        </section>
      )}
      {product.cta && (
        <aside className="promo-banner" aria-label="Offer">
          <p>{product.cta}</p>
          <Link className="button button--light" to="/products">
            {texts?.productPromoButton}
          </Link>
        </aside>
      )}
    </div>
  );
}
