import { content } from '../content/content.server.ts';
import { cardCatalogue } from '../features/catalogue/index.ts';
import { ProductsPage } from '../features/catalogue/ProductsPage.tsx';
import { pageHead } from '../features/seo/head.ts';
import type { Route } from './+types/products._index';

export async function loader() {
  const [catalogue, settings] = await Promise.all([content().catalogue(), content().settings()]);
  return { catalogue: cardCatalogue(catalogue), settings };
}

export function meta() {
  return pageHead({
    title: 'Our Organic Products',
    description:
      'Himalayan rajma, Badri cow ghee, black soyabean, red rice and wild jimbu, grown by farmer families in Uttarakhand.',
    path: '/products',
  });
}

export default function Products({ loaderData }: Route.ComponentProps) {
  return <ProductsPage catalogue={loaderData.catalogue} display={loaderData.settings} />;
}
