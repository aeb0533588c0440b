import { data, Link } from 'react-router';
import { content } from '../content/content.server.ts';
import { formatRupees, unitPrice } from '../shop/index.ts';
import type { Route } from './+types/product';

export async function loader({ params }: Route.LoaderArgs) {
  const id = Number(params.id);
  const product = Number.isInteger(id) ? await content().product(id) : undefined;
  if (!product) throw data(null, { status: 404 });
  return { product };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `${loaderData.product.name} — Orang Utan Organics` }];
}

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  const { product } = loaderData;
  return (
    <div className="page">
      <p>
        <Link to="/products">All products</Link>
      </p>
      <h1>{product.name}</h1>
      <p>{product.description}</p>
      <ul>
        {product.variants.map((variant) => (
          <li key={variant.size}>
            {variant.size}: {formatRupees(unitPrice(product, variant))}
          </li>
        ))}
      </ul>
    </div>
  );
}
