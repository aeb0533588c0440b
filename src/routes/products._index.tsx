import { content } from '../content/content.server.ts';
import { cardCatalogue } from '../features/catalogue/index.ts';
import { ProductsPage } from '../features/catalogue/ProductsPage.tsx';
import { pageHead } from '../features/seo/head.ts';
import { catalogueHead } from '../shop/texts/catalogue-head.ts';
import { shared } from '../shop/texts/index.ts';
import { reader } from '../shop/texts/read.ts';
import type { Route } from './+types/products._index';

/** The shared words and this route's own description, bound here so it rides in this route's chunk alone (docs/architecture.md, "Texts"). */
const text = /* @__PURE__ */ reader({ ...shared, catalogueHead });

export async function loader() {
  const [catalogue, settings] = await Promise.all([content().catalogue(), content().settings()]);
  return { catalogue: cardCatalogue(catalogue), settings };
}

export function meta() {
  return pageHead({
    title: text('product.ourOrganicProducts'),
    description: text('catalogueHead.description'),
    path: '/products',
  });
}

export default function Products({ loaderData }: Route.ComponentProps) {
  return <ProductsPage catalogue={loaderData.catalogue} display={loaderData.settings} />;
}
