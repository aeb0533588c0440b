import { data, useRouteLoaderData } from 'react-router';
import { content } from '../content/content.server.ts';
import { reviewDigest } from '../content/review-digest.server.ts';
import { ProductDetail, ProductNotFound } from '../features/catalogue/ProductDetail.tsx';
import { ProductReviews } from '../features/reviews/ProductReviews.tsx';
import { notFoundHead, pageHead } from '../features/seo/head.ts';
import { breadcrumbJsonLd, productJsonLd } from '../features/seo/structured-data.ts';
import { dataOrNotFound } from '../lib/data-or-not-found.ts';
import type { loader as rootLoader } from '../root.tsx';
import { text } from '../shop/texts/index.ts';
import type { Route } from './+types/products.$id';

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
  if (!loaderData?.product || !('seo' in loaderData)) return notFoundHead(text('product.productNotFound'));
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
        { name: text('shell.nav.home'), path: '/' },
        { name: text('shell.nav.organicProducts'), path: '/products' },
        { name: product.name, path },
      ]),
    ],
  });
}

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  const { product } = loaderData;
  const texts = useRouteLoaderData<typeof rootLoader>('root')?.settings;
  if (!product) return <ProductNotFound />;
  return (
    <ProductDetail
      key={product.id}
      product={product}
      texts={texts}
      reviews={<ProductReviews productId={product.id} />}
    />
  );
}
