import { Link } from 'react-router';
import { content } from '../content/content.server.ts';
import { formatRupees, priceRange } from '../shop/index.ts';
import type { Route } from './+types/products';

export async function loader() {
  return { catalogue: await content().catalogue() };
}

export function meta() {
  return [{ title: 'Our Organic Products — Orang Utan Organics' }];
}

export default function Products({ loaderData }: Route.ComponentProps) {
  return (
    <div className="page">
      <h1>Our Organic Products</h1>
      <ul className="product-list">
        {loaderData.catalogue.map((product) => {
          const range = priceRange(product);
          return (
            <li key={product.id}>
              <article>
                <h2>
                  <Link to={`/products/${product.id}`}>{product.name}</Link>
                </h2>
                <p>{product.category}</p>
                <p>
                  {range.min === range.max
                    ? formatRupees(range.min)
                    : `${formatRupees(range.min)} – ${formatRupees(range.max)}`}
                </p>
              </article>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
