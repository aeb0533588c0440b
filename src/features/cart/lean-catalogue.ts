import type { Product } from '../../shop/catalogue/index.ts';

/**
 * What every page needs of the catalogue to rebuild a stored cart (names, sizes, prices,
 * weights, first image): the stories and nutrition texts stay out of each page's HTML.
 */
export function leanCatalogue(catalogue: readonly Product[]): Product[] {
  return catalogue.map((product) => ({
    id: product.id,
    name: product.name,
    category: product.category,
    description: '',
    keyFeatures: [],
    nutritionHighlights: [],
    nutritionBenefits: [],
    images: product.images.slice(0, 1),
    variants: product.variants,
    benefits: [],
    bestseller: product.bestseller,
    discountPercent: product.discountPercent,
  }));
}
