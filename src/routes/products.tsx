import { useSearchParams } from 'react-router';
import { content } from '../content/content.server.ts';
import { ProductCard } from '../features/catalogue/ProductCard.tsx';
import { useReviewSummaries } from '../features/reviews/use-review-summaries.ts';
import { pageHead } from '../features/seo/head.ts';
import { useHydrated } from '../hooks/use-hydrated.ts';
import { type Category, categoriesIn } from '../shop/catalogue.ts';
import '../features/catalogue/catalogue.css';
import type { Route } from './+types/products';

export async function loader() {
  const [catalogue, settings] = await Promise.all([content().catalogue(), content().settings()]);
  return { catalogue, settings };
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
  const { catalogue, settings } = loaderData;
  const categories = categoriesIn(catalogue);
  const [searchParams, setSearchParams] = useSearchParams();
  // The prerendered page shows every product; the ?category= filter applies once hydrated.
  const hydrated = useHydrated();
  const ratingFor = useReviewSummaries();
  const requested = hydrated ? searchParams.get('category') : null;
  const active = categories.find((category) => category === requested) ?? null;
  const shown = active ? catalogue.filter((product) => product.category === active) : catalogue;

  const choose = (category: Category | null) =>
    setSearchParams(category ? { category } : {}, { preventScrollReset: true, replace: true });

  return (
    <div className="page">
      <h1>Our Organic Products</h1>
      <fieldset className="category-filter">
        <legend className="visually-hidden">Filter by category</legend>
        <button type="button" className="chip" aria-pressed={active === null} onClick={() => choose(null)}>
          All
        </button>
        {categories.map((category) => (
          <button
            key={category}
            type="button"
            className="chip"
            aria-pressed={active === category}
            onClick={() => choose(category)}
          >
            {category}
          </button>
        ))}
      </fieldset>
      <p className="visually-hidden" aria-live="polite">
        {hydrated ? `${shown.length} ${shown.length === 1 ? 'product' : 'products'} shown` : ''}
      </p>
      <ul className="grid product-grid">
        {shown.map((product, index) => (
          <li key={product.id}>
            {/* The first card is the LCP image on a phone, and the first of the top row on a wider
                screen; the rest of that row, lazy but in the viewport, follows right after layout. */}
            <ProductCard product={product} display={settings} rating={ratingFor(product.id)} priority={index === 0} />
          </li>
        ))}
      </ul>
    </div>
  );
}
