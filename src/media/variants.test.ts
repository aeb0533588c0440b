import { describe, expect, it } from 'vitest';
import {
  hasVariants,
  parseSocialImagePath,
  parseVariantPath,
  socialImagePath,
  VARIANT_WIDTHS,
  variantPath,
  variantWidths,
  widthsUpTo,
} from './variants.ts';

describe('the variant naming rule', () => {
  it('names a variant after its original, its width and its format', () => {
    expect(variantPath('products/jar.svg', 640, 'avif')).toBe('products/jar-640w.avif');
    expect(variantPath('/media/hero/hero-poster.jpg', 960, 'webp')).toBe('/media/hero/hero-poster-960w.webp');
    expect(variantPath('/media/blog/a.b.png', 160, 'avif')).toBe('/media/blog/a.b-160w.avif');
  });

  it('reads a variant name back, and nothing else', () => {
    expect(parseVariantPath('products/jar-640w.avif')).toEqual({ stem: 'products/jar', width: 640, format: 'avif' });
    expect(parseVariantPath('hero/hero-poster-960w.webp')).toEqual({
      stem: 'hero/hero-poster',
      width: 960,
      format: 'webp',
    });
    expect(parseVariantPath('products/jar.svg')).toBeNull();
    expect(parseVariantPath('products/jar-640w.png')).toBeNull();
    expect(parseVariantPath('-640w.avif')).toBeNull();
  });

  it('makes variants of SVG, JPEG and PNG originals only', () => {
    expect(['a.svg', 'a.jpg', 'a.JPEG', 'a.png'].map(hasVariants)).toEqual([true, true, true, true]);
    expect(['a.webp', 'a.avif', 'a.mp4', 'a'].map(hasVariants)).toEqual([false, false, false, false]);
  });
});

describe('variant widths', () => {
  it('never enlarges a photo: its own width is the widest candidate', () => {
    expect(widthsUpTo(960)).toEqual([160, 320, 640, 960]);
    expect(widthsUpTo(800)).toEqual([160, 320, 640, 800]);
    expect(widthsUpTo(100)).toEqual([100]);
    expect(widthsUpTo(4000)).toEqual([...VARIANT_WIDTHS]);
    expect(variantWidths('hero/poster.jpg', 960)).toEqual([160, 320, 640, 960]);
  });

  it('gives a photo of unknown width no variants, since we cannot tell which exist', () => {
    expect(variantWidths('hero/poster.jpg', undefined)).toEqual([]);
    expect(variantWidths('hero/poster.jpg', 0)).toEqual([]);
  });

  it('renders a vector drawing at every width, whatever its nominal size', () => {
    expect(variantWidths('products/jar.svg', 800)).toEqual([...VARIANT_WIDTHS]);
    expect(variantWidths('products/jar.svg', undefined)).toEqual([...VARIANT_WIDTHS]);
  });

  it('makes none of a file that is not an original', () => {
    expect(variantWidths('hero/hero.webp', 960)).toEqual([]);
  });
});

describe('social image names', () => {
  it('names a JPEG beside each vector original, and reads it back', () => {
    expect(socialImagePath('products/jar.svg')).toBe('products/jar.social.jpg');
    expect(socialImagePath('/media/blog/terraces.svg')).toBe('/media/blog/terraces.social.jpg');
    expect(socialImagePath('hero/hero-poster.jpg')).toBeUndefined();
    expect(parseSocialImagePath('products/jar.social.jpg')).toBe('products/jar');
    expect(parseSocialImagePath('products/jar-640w.webp')).toBeUndefined();
  });
});
