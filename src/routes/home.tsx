import { Link } from 'react-router';
import { ContentIcon } from '../components/content-icons.tsx';
import { content } from '../content/content.server.ts';
import { ProductCard } from '../features/catalogue/ProductCard.tsx';
import { HeroVideo } from '../features/home/HeroVideo.tsx';
import { useReviewSummaries } from '../features/reviews/use-review-summaries.ts';
import { pageHead } from '../features/seo/head.ts';
import { organizationJsonLd } from '../features/seo/structured-data.ts';
import '../features/catalogue/catalogue.css';
import '../features/home/home.css';
import type { Route } from './+types/home';

export async function loader() {
  const [home, catalogue, settings] = await Promise.all([
    content().homePage(),
    content().catalogue(),
    content().settings(),
  ]);
  return { home, catalogue, settings };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return pageHead({
    title: `${loaderData.settings.shopName} — organic foods from the Himalayas`,
    description: loaderData.home.heroSubtitle,
    path: '/',
    jsonLd: [organizationJsonLd(loaderData.settings)],
  });
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { home, catalogue, settings } = loaderData;
  const ratingFor = useReviewSummaries();
  return (
    <>
      <section className="hero" aria-labelledby="hero-title">
        <HeroVideo files={home.heroVideo} />
        <div className="hero__content">
          <h1 id="hero-title">{home.heroTitle}</h1>
          <p className="hero__subtitle">{home.heroSubtitle}</p>
          <Link className="button" to="/products">
            {home.heroButton}
          </Link>
        </div>
      </section>

      <section className="tiles page" aria-label="What we stand for">
        <ul className="tiles__list">
          {home.tiles.map((tile) => (
            <li key={tile.title} className="tile card">
              <ContentIcon name={tile.icon} className="tile__icon" />
              <h2 className="tile__title">{tile.title}</h2>
              <p>{tile.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="page" aria-labelledby="home-products">
        <h2 id="home-products">{home.productsTitle}</h2>
        {/* Below the hero, whose poster is the page's LCP image: every card's photo is lazy. */}
        <ul className="grid product-grid">
          {catalogue.map((product) => (
            <li key={product.id}>
              <ProductCard
                product={product}
                display={settings}
                rating={ratingFor(product.id)}
                benefitLimit={3}
                headingLevel="h3"
              />
            </li>
          ))}
        </ul>
        <p className="center">
          <Link className="button button--ghost" to="/products">
            {home.productsButton}
          </Link>
        </p>
      </section>

      <section className="why page" aria-labelledby="why-title">
        <h2 id="why-title">{home.whyChooseTitle}</h2>
        <ul className="why__list">
          {home.whyChooseUs.map((card) => (
            <li key={card.title} className="why__card card">
              <ContentIcon name={card.icon} className="tile__icon" />
              <h3>{card.title}</h3>
              <p>{card.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="cta-band" aria-labelledby="cta-title">
        <div className="page">
          <h2 id="cta-title">{home.ctaTitle}</h2>
          <p>{home.ctaText}</p>
          <Link className="button button--light" to="/products">
            {home.ctaButton}
          </Link>
        </div>
      </section>
    </>
  );
}
