import type { ImgHTMLAttributes } from 'react';
import { type ImageInput, imageCandidates, type Size } from '../../media/responsive-image.ts';

export type ResponsiveImageProps = Omit<
  ImgHTMLAttributes<HTMLImageElement>,
  'src' | 'srcSet' | 'sizes' | 'width' | 'height' | 'loading' | 'fetchPriority' | 'alt'
> & {
  image: ImageInput;
  alt: string;
  /** How wide the image is drawn at each breakpoint, from the layout's CSS: it picks the candidate. */
  sizes: string;
  /** The slot's size, whose aspect stands in for an intrinsic size the content does not give. */
  slotSize: Size;
  /**
   * The page's largest image above the fold (its LCP element): fetched first, at high priority.
   * Every other image waits until it nears the viewport.
   */
  priority?: boolean;
};

/**
 * An image with its candidates (see src/media/responsive-image.ts): a `<picture>` with AVIF and WebP
 * `<source>`s for our own artwork, an `<img srcset>` for Sanity's, always with width and height.
 */
export function ResponsiveImage({ image, alt, sizes, slotSize, priority = false, ...rest }: ResponsiveImageProps) {
  const candidates = imageCandidates(image, slotSize);
  const img = (
    <img
      {...rest}
      src={candidates.src}
      srcSet={candidates.srcSet}
      sizes={candidates.srcSet ? sizes : undefined}
      alt={alt}
      width={candidates.width}
      height={candidates.height}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      // The LCP image is painted as soon as it is decoded; the others may wait for a quiet moment.
      decoding={priority ? undefined : 'async'}
    />
  );
  if (candidates.sources.length === 0) return img;
  return (
    <picture>
      {candidates.sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={sizes} />
      ))}
      {img}
    </picture>
  );
}
