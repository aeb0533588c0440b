import { z } from 'zod';
import { discountedPrice } from './money.ts';

export const CATEGORIES = ['Pulses', 'Dairy', 'Grains', 'Spices'] as const;
export const categorySchema = z.enum(CATEGORIES);
export type Category = z.infer<typeof categorySchema>;

export const variantSchema = z.object({
  size: z.string().min(1),
  price: z.number().int().positive(),
  stock: z.number().int().nonnegative(),
  weight: z.number().int().positive(),
});
export type Variant = z.infer<typeof variantSchema>;

export const productImageSchema = z.object({
  src: z.string().min(1),
  alt: z.string(),
  width: z.number().int().positive().optional(),
  height: z.number().int().positive().optional(),
});
export type ProductImage = z.infer<typeof productImageSchema>;

/** A product as the shop sees it, whatever the content source. */
export const productSchema = z.object({
  id: z.number().int().positive(),
  name: z.string().min(1),
  category: categorySchema,
  description: z.string(),
  heroLine: z.string().optional(),
  story: z.string().optional(),
  keyFeatures: z.array(z.string()).default([]),
  cta: z.string().optional(),
  nutritionHighlights: z.array(z.string()).default([]),
  nutritionBenefits: z.array(z.string()).default([]),
  images: z.array(productImageSchema).min(1),
  variants: z.array(variantSchema).min(1),
  benefits: z.array(z.string()).default([]),
  bestseller: z.boolean().default(false),
  discountPercent: z.number().min(0).max(90).default(0),
  hsnCode: z.string().optional(),
});
export type Product = z.infer<typeof productSchema>;

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

/** Categories in a stable order (the order of CATEGORIES), only those present in the catalogue. */
export function categoriesIn(catalogue: readonly Product[]): Category[] {
  const present = new Set(catalogue.map((product) => product.category));
  return CATEGORIES.filter((category) => present.has(category));
}
