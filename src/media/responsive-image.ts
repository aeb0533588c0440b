/**
 * What to render for an image, wherever it lives: the `src`, the candidates the browser chooses
 * from (`srcset`, plus `<source>`s of modern formats when we made them), and the width and height
 * that reserve its space before it arrives.
 *
 * - Sanity (`https://cdn.sanity.io/images/…`): Sanity's image pipeline resizes on request, and with
 *   `auto=format` answers each browser with AVIF or WebP itself, so one `srcset` is enough.
 * - Our own artwork (`/media/…`): the build made AVIF and WebP variants (see ./variants.ts), offered
 *   as `<source>`s of a `<picture>`; the original is the `<img>` every browser can fall back to.
 * - Anything else is used as it is.
 */
import { createImageUrlBuilder } from '@sanity/image-url';
import {
  hasVariants,
  MEDIA_PREFIX,
  VARIANT_FORMATS,
  VARIANT_MIME_TYPES,
  variantPath,
  variantWidths,
  widthsUpTo,
} from './variants.ts';

export interface ImageInput {
  src: string;
  /** Intrinsic size, when the content source knows it. */
  width?: number | undefined;
  height?: number | undefined;
}

export interface Size {
  width: number;
  height: number;
}

export interface ImageSource {
  type: string;
  srcSet: string;
}

export interface ImageCandidates {
  src: string;
  /** Candidates for the `<img>` itself (Sanity). */
  srcSet?: string;
  /** `<source>`s for a `<picture>`, best format first (our own artwork). */
  sources: ImageSource[];
  /** Always set, so the page never shifts when the image arrives. */
  width: number;
  height: number;
}

const SANITY_IMAGE = /^https:\/\/cdn\.sanity\.io\/images\/([a-z0-9-]+)\/([a-z0-9_-]+)\/[^/?#]+-(\d+)x(\d+)\.[a-z]+$/;

/**
 * `fallback` is the size of the slot the image fills (its aspect is what matters): it stands in for
 * an intrinsic size the content does not give.
 */
export function imageCandidates(image: ImageInput, fallback: Size): ImageCandidates {
  const sanity = SANITY_IMAGE.exec(stripQuery(image.src));
  if (sanity) return sanityCandidates(image, sanity, fallback);
  const size = sizeOf(image, fallback);
  if (!image.src.startsWith(MEDIA_PREFIX) || !hasVariants(image.src)) return { src: image.src, sources: [], ...size };
  const widths = variantWidths(stripQuery(image.src), image.width);
  const sources = widths.length
    ? VARIANT_FORMATS.map((format) => ({
        type: VARIANT_MIME_TYPES[format],
        srcSet: srcSet(widths, (width) => variantPath(stripQuery(image.src), width, format)),
      }))
    : [];
  return { src: image.src, sources, ...size };
}

function sanityCandidates(image: ImageInput, match: RegExpExecArray, fallback: Size): ImageCandidates {
  const [, projectId = '', dataset = '', urlWidth, urlHeight] = match;
  const intrinsic = { width: image.width ?? Number(urlWidth), height: image.height ?? Number(urlHeight) };
  const source = createImageUrlBuilder({ projectId, dataset })
    .image(stripQuery(image.src))
    .auto('format')
    // `max` never enlarges; the widths already stop at the image's own.
    .fit('max');
  const widths = widthsUpTo(intrinsic.width);
  const url = (width: number) => source.width(width).url();
  const middle = widths.find((width) => width >= 640) ?? widths[widths.length - 1] ?? intrinsic.width;
  return { src: url(middle), srcSet: srcSet(widths, url), sources: [], ...sizeOf(intrinsic, fallback) };
}

function sizeOf(image: Partial<Size>, fallback: Size): Size {
  if (image.width && image.height) return { width: image.width, height: image.height };
  if (image.width) return { width: image.width, height: Math.round((image.width * fallback.height) / fallback.width) };
  return fallback;
}

function srcSet(widths: number[], url: (width: number) => string): string {
  return widths.map((width) => `${url(width)} ${width}w`).join(', ');
}

function stripQuery(url: string): string {
  return url.replace(/[?#].*$/, '');
}
