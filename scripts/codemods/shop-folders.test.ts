// The codemod's pure parts (scripts/codemods/shop-folders.mjs): the rest moves files and is checked
// by running it twice on the tree (the second run changes nothing).
import { describe, expect, it } from 'vitest';
import {
  biomeOrder,
  FOLDERS,
  renderIndex,
  rewriteMentions,
  shopFolderOf,
  shopIndexGroups,
  specifierFor,
  TOP,
  withShopRule,
} from './shop-folders.mjs';

describe('the mapping', () => {
  it('puts each file in one folder, and none of them at the top too', () => {
    const files = Object.values(FOLDERS).flat();
    expect(new Set(files).size).toBe(files.length);
    expect(files.filter((file) => file in TOP)).toEqual([]);
  });
});

describe('biomeOrder', () => {
  it('sorts as Biome sorts named imports: ignoring case, upper case first on the same letter', () => {
    expect(['unitPrice', 'Product', 'findVariant', 'findProduct'].sort(biomeOrder)).toEqual([
      'findProduct',
      'findVariant',
      'Product',
      'unitPrice',
    ]);
    expect(['cashOnDelivery', 'CodState'].sort(biomeOrder)).toEqual(['CodState', 'cashOnDelivery']);
    expect(['codMoney', 'cod'].sort(biomeOrder)).toEqual(['cod', 'codMoney']);
  });
});

describe('shopFolderOf', () => {
  it("names a core file's folder, '' at the top, nothing outside the core", () => {
    expect(shopFolderOf('src/shop/cart/cart.ts')).toBe('cart');
    expect(shopFolderOf('src/shop/text.ts')).toBe('');
    expect(shopFolderOf('src/features/cart/CartPage.tsx')).toBeUndefined();
  });
});

describe('specifierFor', () => {
  it('keeps the alias, the relative form and the extension the import was written with', () => {
    expect(specifierFor('netlify/lib/orders/place.ts', 'src/shop/cart/index.ts', '#shop/cart.ts')).toBe(
      '#shop/cart/index.ts',
    );
    expect(specifierFor('src/features/cart/CartPage.tsx', 'src/shop/cart/index.ts', '../../shop/cart.ts')).toBe(
      '../../shop/cart/index.ts',
    );
    expect(specifierFor('src/shop/order/order.ts', 'src/shop/order/shipping.ts', './shipping.ts')).toBe(
      './shipping.ts',
    );
    expect(specifierFor('src/shop/order/order.ts', 'src/shop/money/index.ts', './money')).toBe('../money');
  });

  it('writes test support by its alias from three folders down', () => {
    expect(
      specifierFor('src/shop/cart/cart.test.ts', 'tests/support/factories.ts', '../../tests/support/factories.ts'),
    ).toBe('#tests/support/factories.ts');
  });
});

describe('renderIndex', () => {
  it('exports values and types apart, one line each per file, in Biome order', () => {
    const text = renderIndex(
      new Map([
        ['cart.ts', { values: new Set(['cartCount', 'addToCart']), types: new Set(['CartItem']) }],
        ['lines.ts', { values: new Set(), types: new Set(['Line']) }],
      ]),
    );
    expect(text.split('\n').filter((line) => !line.startsWith('//'))).toEqual([
      "export { addToCart, cartCount } from './cart.ts';",
      "export type { CartItem } from './cart.ts';",
      "export type { Line } from './lines.ts';",
      '',
    ]);
  });
});

describe('the Biome rule', () => {
  const groups = shopIndexGroups(['keys.ts']);

  it("lets texts' entry files be imported alone, but not its internals", () => {
    expect(groups.outside.group).toContain('!**/shop/texts/*.ts');
    expect(groups.outside.group.indexOf('**/shop/texts/keys.ts')).toBeGreaterThan(
      groups.outside.group.indexOf('!**/shop/texts/*.ts'),
    );
    expect(groups.inside.group).toContain('../texts/keys.ts');
  });

  it("lets the texts' files read their own subfolders (texts/shared/, texts/hi/) as they read a file beside them", () => {
    const inside = shopIndexGroups([], ['hi', 'shared']).inside.group;
    expect(inside).toEqual(expect.arrayContaining(['!./shared/**', '!../shared/**', '!./hi/**', '!../hi/**']));
    expect(shopIndexGroups([]).inside.group.some((glob) => glob.includes('shared'))).toBe(false);
  });

  it('is added to the top level and to every override that restricts imports, once however often it runs', () => {
    const config = {
      linter: { rules: {} },
      overrides: [
        {
          includes: ['src/**'],
          linter: {
            rules: {
              style: {
                noRestrictedImports: {
                  level: 'error',
                  options: { patterns: [{ group: ['**/netlify/**'], message: 'no' }] },
                },
              },
            },
          },
        },
        {
          includes: ['src/shop/**'],
          linter: { rules: { style: { noRestrictedImports: { level: 'error', options: {} } } } },
        },
        { includes: ['studio/**'], linter: { rules: { a11y: 'off' } } },
      ],
    };
    const once = withShopRule(structuredClone(config), groups);
    const twice = withShopRule(structuredClone(once), groups);
    expect(twice).toEqual(once);
    expect(once.linter.rules).toEqual({
      style: { noRestrictedImports: { level: 'error', options: { patterns: [groups.outside] } } },
    });
    const [src, shop, studio] = once.overrides;
    expect(src?.linter.rules.style?.noRestrictedImports.options.patterns).toEqual([
      { group: ['**/netlify/**'], message: 'no' },
      groups.outside,
    ]);
    expect(shop?.linter.rules.style?.noRestrictedImports.options.patterns).toEqual([groups.inside]);
    expect(studio?.linter.rules).toEqual({ a11y: 'off' });
  });
});

describe('rewriteMentions', () => {
  const moves = new Map([
    ['src/shop/cart.ts', 'src/shop/cart/cart.ts'],
    ['src/shop/schemas.ts', 'src/shop/schemas/schemas.ts'],
  ]);

  it('rewrites the paths that comments and docs name, and only whole ones', () => {
    expect(rewriteMentions('see `src/shop/cart.ts` and #shop/schemas.ts.', moves)).toBe(
      'see `src/shop/cart/cart.ts` and #shop/schemas/schemas.ts.',
    );
    expect(rewriteMentions('src/shop/form-schemas.ts, src/shop/cart.tsx, other/src/shop/cart.ts', moves)).toBe(
      'src/shop/form-schemas.ts, src/shop/cart.tsx, other/src/shop/cart.ts',
    );
  });

  it('changes nothing the second time', () => {
    const once = rewriteMentions('src/shop/cart.ts', moves);
    expect(rewriteMentions(once, moves)).toBe(once);
  });
});
