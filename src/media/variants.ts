/**
 * The naming rule for the AVIF and WebP variants the build makes of our own artwork (everything
 * served under `/media/`). The Vite plugin (site-build/bundled-media.ts) generates exactly the files
 * this module names, and the pages ask for exactly those: neither may decide a name on its own.
 */

export const MEDIA_PREFIX = '/media/';

/**
 * Candidate widths, in CSS pixels × device pixel ratio. The widest slot is the blog post's image
 * (48rem = 768 px), so 1600 covers it on a 2× screen; 160 covers a 72–96 px cart thumbnail.
 */
export const VARIANT_WIDTHS = [160, 320, 640, 960, 1280, 1600] as const;

/** Best first: a `<picture>` lists its sources in this order and the browser takes the first it can show. */
export const VARIANT_FORMATS = ['avif', 'webp'] as const;
export type VariantFormat = (typeof VARIANT_FORMATS)[number];

export const VARIANT_MIME_TYPES: Record<VariantFormat, string> = {
  avif: 'image/avif',
  webp: 'image/webp',
};

/** Originals we make variants of. WebP and AVIF originals are left alone: they are modern already. */
const RASTER_ORIGINAL = /\.(jpe?g|png)$/i;
const VECTOR_ORIGINAL = /\.svg$/i;
const VARIANT_NAME = /^(.+)-(\d+)w\.(avif|webp)$/;

export function isVectorOriginal(path: string): boolean {
  return VECTOR_ORIGINAL.test(path);
}

/** Whether the build makes AVIF and WebP variants of this file (a path under `/media/`, or a URL). */
export function hasVariants(path: string): boolean {
  return RASTER_ORIGINAL.test(path) || VECTOR_ORIGINAL.test(path);
}

/**
 * The candidate widths for an image `intrinsicWidth` px wide: those below it, then its own width as
 * the largest, so that nothing is enlarged; all of them when it is wider than the widest.
 */
export function widthsUpTo(intrinsicWidth: number): number[] {
  const widest = VARIANT_WIDTHS[VARIANT_WIDTHS.length - 1] ?? 0;
  if (intrinsicWidth >= widest) return [...VARIANT_WIDTHS];
  return [...VARIANT_WIDTHS.filter((width) => width < intrinsicWidth), Math.round(intrinsicWidth)];
}

/**
 * The widths the build makes of one original. A photo is never enlarged (see `widthsUpTo`), and one
 * whose width we do not know gets none. A vector drawing is rendered afresh at every width, so it
 * comes in all of them.
 */
export function variantWidths(path: string, intrinsicWidth: number | undefined): number[] {
  if (!hasVariants(path)) return [];
  if (isVectorOriginal(path)) return [...VARIANT_WIDTHS];
  return intrinsicWidth !== undefined && intrinsicWidth > 0 ? widthsUpTo(intrinsicWidth) : [];
}

/** `products/jar.svg` (or `/media/products/jar.svg`) at 640 px as AVIF → `products/jar-640w.avif` (or `/media/…`). */
export function variantPath(original: string, width: number, format: VariantFormat): string {
  const dot = original.lastIndexOf('.');
  return `${original.slice(0, dot)}-${width}w.${format}`;
}

/** The reverse, for the dev server: which original (by its path without extension), at which width and format. */
export function parseVariantPath(path: string): { stem: string; width: number; format: VariantFormat } | null {
  const match = VARIANT_NAME.exec(path);
  if (!match?.[1] || !match[2] || !match[3]) return null;
  return { stem: match[1], width: Number(match[2]), format: match[3] as VariantFormat };
}

/**
 * Link previews (WhatsApp, Facebook) show no SVG, so the build also draws each vector original as a
 * JPEG of the same size for them: `products/jar.svg` → `products/jar.social.jpg`.
 */
export function socialImagePath(original: string): string | undefined {
  return isVectorOriginal(original) ? original.replace(VECTOR_ORIGINAL, '.social.jpg') : undefined;
}

/** The reverse, for the dev server: the vector original's path without extension. */
export function parseSocialImagePath(path: string): string | undefined {
  return /^(.+)\.social\.jpg$/.exec(path)?.[1];
}
