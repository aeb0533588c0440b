import type { Product } from '../../shop/catalogue/index.ts';
import { truncateText } from '../../shop/text.ts';
import { CARD_DESCRIPTION_LENGTH } from './ProductCard.tsx';

/**
 * The catalogue as the product cards show it (ProductCard): the description cut as the card cuts
 * it, at most `benefitLimit` benefits, and none of the texts only a product's own page shows (its
 * story, key features, nutrition texts, HSN code). The listing pages' loaders send this, not the
 * catalogue: a page's data is part of its HTML, and a page that fits the first round trip paints
 * a round trip sooner on a slow link (docs/decisions/028-every-tap-answers.md).
 */
export function cardCatalogue(catalogue: readonly Product[], benefitLimit?: number): Product[] {
  return catalogue.map((product) => ({
    id: product.id,
    name: product.name,
    category: product.category,
    description: truncateText(product.description, CARD_DESCRIPTION_LENGTH),
    keyFeatures: [],
    nutritionHighlights: [],
    nutritionBenefits: [],
    images: product.images,
    variants: product.variants,
    benefits: benefitLimit === undefined ? product.benefits : product.benefits.slice(0, benefitLimit),
    bestseller: product.bestseller,
    discountPercent: product.discountPercent,
  }));
}
