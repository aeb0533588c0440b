import { discountedPrice } from '../money/index.ts';
import { PRODUCT_CATEGORIES } from '../vocabulary.ts';

// Plain types, no zod: this module is part of every page's bundle. The content layer parses
// content into these shapes (src/content/types.ts).

export type Category = (typeof PRODUCT_CATEGORIES)[number];

export interface Variant {
  size: string;
  /** Whole rupees, GST included. */
  price: number;
  stock: number;
  /** Grams. */
  weight: number;
}

export interface ProductImage {
  src: string;
  alt: string;
  width?: number | undefined;
  height?: number | undefined;
}

export interface Product {
  id: number;
  name: string;
  category: Category;
  description: string;
  heroLine?: string | undefined;
  story?: string | undefined;
  keyFeatures: string[];
  cta?: string | undefined;
  nutritionHighlights: string[];
  nutritionBenefits: string[];
  images: ProductImage[];
  variants: Variant[];
  benefits: string[];
  bestseller: boolean;
  discountPercent: number;
  hsnCode?: string | undefined;
}

/** A variant is identified by product id and size; the cart calls this product_retailer_id. */
export function variantKey(productId: number, size: string): string {
  return `${productId}_${size}`;
}

export function findProduct(catalogue: readonly Product[], productId: number): Product | undefined {
  return catalogue.find((product) => product.id === productId);
}

export function findVariant(product: Product, size: string): Variant | undefined {
  return product.variants.find((variant) => variant.size === size);
}

/** What the shopper pays for one unit of this variant. */
export function unitPrice(product: Product, variant: Variant): number {
  return discountedPrice(variant.price, product.discountPercent);
}

export interface PriceRange {
  min: number;
  max: number;
  originalMin: number;
  originalMax: number;
}

export function priceRange(product: Product): PriceRange {
  const originals = product.variants.map((variant) => variant.price);
  const prices = product.variants.map((variant) => unitPrice(product, variant));
  return {
    min: Math.min(...prices),
    max: Math.max(...prices),
    originalMin: Math.min(...originals),
    originalMax: Math.max(...originals),
  };
}

export function isDiscounted(product: Product): boolean {
  return product.discountPercent > 0;
}

/** Categories in a stable order (the order of PRODUCT_CATEGORIES), only those present in the catalogue. */
export function categoriesIn(catalogue: readonly Product[]): Category[] {
  const present = new Set(catalogue.map((product) => product.category));
  return PRODUCT_CATEGORIES.filter((category) => present.has(category));
}
