import { Link } from 'react-router';
import type { ShopSettings } from '../../content/types.ts';
import type { Product } from '../../shop/catalogue/index.ts';
import './catalogue.css';
import { text } from '../../shop/texts/index.ts';

/** The links' words are the editors' (Shop settings → Texts across the site). */
export type ProductStoryTexts = Pick<ShopSettings, 'productNutritionLink' | 'productPromoButton'>;

/** The product page's optional sections below the buying column (docs/shop-rules.md §2). */
export function ProductStory({ product, texts }: { product: Product; texts: ProductStoryTexts | undefined }) {
  const hasNutrition = product.nutritionHighlights.length > 0 || product.nutritionBenefits.length > 0;
  return (
    <div className="product-story">
      {product.story && (
        <section aria-labelledby="our-story">
          <h2 id="our-story">{text('product.ourStory')}</h2>
          <p>{product.story}</p>
        </section>
      )}
      {product.keyFeatures.length > 0 && (
        <section aria-labelledby="key-features">
          <h2 id="key-features">{text('product.keyFeatures')}</h2>
          <ul className="check-list">
            {product.keyFeatures.map((feature) => (
              <li key={feature}>{feature}</li>
            ))}
          </ul>
        </section>
      )}
      {hasNutrition && (
        <section aria-labelledby="nutrition-highlights">
          <h2 id="nutrition-highlights">{text('product.nutritionHighlights')}</h2>
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
              <h3>{text('product.healthBenefits')}</h3>
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
        <aside className="promo-banner" aria-label={text('product.offer')}>
          <p>{product.cta}</p>
          <Link className="button button--light" to="/products">
            {texts?.productPromoButton}
          </Link>
        </aside>
      )}
    </div>
  );
}
