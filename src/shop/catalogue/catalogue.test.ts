import { describe, expect, it } from 'vitest';
import { makeCatalogue, makeProduct, makeVariant } from '#tests/support/factories.ts';
import {
  categoriesIn,
  findProduct,
  findVariant,
  isDiscounted,
  priceRange,
  unitPrice,
  variantKey,
} from './catalogue.ts';

describe('catalogue', () => {
  const catalogue = makeCatalogue();

  it('keys a variant as {id}_{size}', () => {
    expect(variantKey(3, '295gm')).toBe('3_295gm');
  });

  it('finds products and variants, or nothing', () => {
    expect(findProduct(catalogue, 3)?.name).toBe('Badri Cow Ghee');
    expect(findProduct(catalogue, 99)).toBeUndefined();
    const ghee = findProduct(catalogue, 3);
    expect(ghee && findVariant(ghee, '495gm')?.price).toBe(1795);
    expect(ghee && findVariant(ghee, '1kg')).toBeUndefined();
  });

  it('prices a unit with the product discount', () => {
    const product = makeProduct({ discountPercent: 10 });
    expect(unitPrice(product, makeVariant({ price: 691 }))).toBe(622);
    expect(isDiscounted(product)).toBe(true);
    expect(isDiscounted(makeProduct())).toBe(false);
  });

  it('gives the price range, discounted and original', () => {
    const ghee = findProduct(catalogue, 3);
    expect(ghee && priceRange(ghee)).toEqual({ min: 450, max: 1795, originalMin: 450, originalMax: 1795 });
    const discounted = makeProduct({ discountPercent: 20 });
    expect(priceRange(discounted)).toEqual({ min: 278, max: 553, originalMin: 347, originalMax: 691 });
  });

  it('lists categories in a stable order, only those present', () => {
    expect(categoriesIn(catalogue)).toEqual(['Pulses', 'Dairy', 'Grains', 'Spices']);
    expect(categoriesIn([makeProduct({ category: 'Spices' }), makeProduct({ category: 'Dairy' })])).toEqual([
      'Dairy',
      'Spices',
    ]);
  });
});
