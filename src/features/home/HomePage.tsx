import { Link } from 'react-router';
import { ContentIcon } from '../../components/content-icons.tsx';
import type { HomePage as HomeTexts } from '../../content/types.ts';
import type { Product } from '../../shop/catalogue/index.ts';
import { type DiscountDisplay, ProductGrid } from '../catalogue/index.ts';
import { HeroVideo } from './HeroVideo.tsx';
import './home.css';
import { text } from '../../shop/texts/static-pages.ts';

/** How many benefits each of the home page's product cards lists (its loader sends no more). */
export const HOME_CARD_BENEFITS = 3;

/** The home page (docs/shop-rules.md §2): hero, tiles, the product cards, why choose us, a call to action. */
export function HomePage({
  home,
  catalogue,
  display,
}: {
  home: HomeTexts;
  catalogue: readonly Product[];
  display: DiscountDisplay;
}) {
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

      <section className="tiles page" aria-label={text('home.whatWeStandFor')}>
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
        <ProductGrid products={catalogue} display={display} benefitLimit={HOME_CARD_BENEFITS} headingLevel="h3" />
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
