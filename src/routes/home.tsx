import { Link } from 'react-router';
import { content } from '../content/content.server.ts';
import { formatRupees, priceRange } from '../shop/index.ts';
import type { Route } from './+types/home';

export async function loader() {
  const [home, catalogue, settings] = await Promise.all([
    content().homePage(),
    content().catalogue(),
    content().settings(),
  ]);
  return { home, catalogue, shopName: settings.shopName };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `${loaderData.shopName} — organic foods from the Himalayas` }];
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { home, catalogue } = loaderData;
  return (
    <div className="page">
      <h1>{home.heroTitle}</h1>
      <p>{home.heroSubtitle}</p>
      <ul className="product-list">
        {catalogue.map((product) => (
          <li key={product.id}>
            <Link to={`/products/${product.id}`}>{product.name}</Link> — from {formatRupees(priceRange(product).min)}
          </li>
        ))}
      </ul>
      <p>
        <Link to="/products">Shop all products</Link>
      </p>
    </div>
  );
}
