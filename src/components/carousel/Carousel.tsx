import { type KeyboardEvent, type TouchEvent, useId, useRef, useState } from 'react';
import { type EarlyActionName, slidePlace } from '../../early/index.ts';
import { ResponsiveImage } from '../image/ResponsiveImage.tsx';
import { neighbourIndexes, nextIndex, previousIndex, type SwipeDirection, swipeDirection } from './carousel-index.ts';
import './carousel.css';
import { text } from '../../shop/texts/index.ts';

export type CarouselImage = {
  src: string;
  alt: string;
  width?: number;
  height?: number;
};

export type CarouselProps = {
  images: readonly CarouselImage[];
  /** What the photos show, usually the product name: the carousel is named "Photos of {label}". */
  label: string;
  /** How wide the carousel is drawn at each breakpoint (from the layout's CSS): it picks each photo's file. */
  sizes: string;
  /** The carousel holds the page's LCP image: its first photo loads at once, with high fetch priority. */
  priority?: boolean;
  className?: string;
};

/** Used when an image has no intrinsic size, so the frame still reserves its space. */
const FALLBACK_SIZE = 800;
const FALLBACK_SLOT = { width: FALLBACK_SIZE, height: FALLBACK_SIZE };

type Position = {
  /** Which photo set the index belongs to; a new set (another product) starts again at 1. */
  imagesKey: string;
  index: number;
  /** How the shown photo was reached, for the slide-in animation; null on first render. */
  direction: SwipeDirection | null;
  /** Empty until the first change, so nothing is announced on page load. */
  announcement: string;
};

function startAt(imagesKey: string): Position {
  return { imagesKey, index: 0, direction: null, announcement: '' };
}

export function Carousel({ images, label, sizes, priority = false, className }: CarouselProps) {
  const count = images.length;
  const imagesKey = images.map((image) => image.src).join('\n');
  const [position, setPosition] = useState(() => startAt(imagesKey));
  const touchStart = useRef<{ x: number; y: number } | null>(null);
  const slidesId = useId();

  // React Router keeps the product page mounted between products: without this reset the second
  // product would open on whichever photo the first one was showing.
  if (position.imagesKey !== imagesKey) setPosition(startAt(imagesKey));

  const first = images[0];
  if (first === undefined) return null;

  const shown = position.index < count ? position.index : 0;
  const current = images[shown] ?? first;
  const hasControls = count > 1;

  function go(direction: SwipeDirection) {
    const index = direction === 'next' ? nextIndex(shown, count) : previousIndex(shown, count);
    setPosition({ imagesKey, index, direction, announcement: text('common.photoOf', { index: index + 1, count }) });
  }

  function handleKeyDown(event: KeyboardEvent<HTMLElement>) {
    // Alt+Arrow is the browser's back/forward; leave every modified arrow alone.
    if (!hasControls || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    if (event.key === 'ArrowRight') {
      event.preventDefault();
      go('next');
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      go('previous');
    }
  }

  function handleTouchStart(event: TouchEvent<HTMLElement>) {
    const touch = event.touches[0];
    touchStart.current = touch ? { x: touch.clientX, y: touch.clientY } : null;
  }

  function handleTouchEnd(event: TouchEvent<HTMLElement>) {
    const start = touchStart.current;
    const touch = event.changedTouches[0];
    touchStart.current = null;
    if (!hasControls || start === null || touch === undefined) return;
    // A mostly vertical drag is the page scrolling, even if it drifts 50 px sideways.
    if (Math.abs(touch.clientY - start.y) > Math.abs(touch.clientX - start.x)) return;
    const direction = swipeDirection(start.x, touch.clientX);
    if (direction !== null) go(direction);
  }

  const frameWidth = first.width ?? FALLBACK_SIZE;
  const frameHeight = first.height ?? FALLBACK_SIZE;
  const isPriorityImage = priority && shown === 0;

  return (
    // biome-ignore lint/a11y/noNoninteractiveElementInteractions: the focusable region takes the arrow keys and swipes, as the carousel pattern asks
    <section
      aria-roledescription="carousel"
      aria-label={text('common.photosOf', { label })}
      className={className ? `carousel ${className}` : 'carousel'}
      tabIndex={hasControls ? 0 : undefined}
      onKeyDown={handleKeyDown}
      onTouchStart={handleTouchStart}
      onTouchEnd={handleTouchEnd}
      onTouchCancel={() => {
        touchStart.current = null;
      }}
    >
      <div className="carousel__frame" style={{ aspectRatio: `${frameWidth} / ${frameHeight}` }} id={slidesId}>
        {/* Keyed by index so each photo mounts afresh and its slide-in animation replays. */}
        {/* biome-ignore lint/a11y/useSemanticElements: a fieldset is for form controls; the carousel pattern asks for a group */}
        <div
          key={shown}
          role="group"
          aria-roledescription="slide"
          aria-label={slidePlace(shown, count)}
          className="carousel__slide"
          data-direction={position.direction ?? undefined}
        >
          <ResponsiveImage
            className="carousel__image"
            image={current}
            alt={current.alt}
            sizes={sizes}
            slotSize={FALLBACK_SLOT}
            priority={isPriorityImage}
          />
        </div>

        {/* Neighbours load ahead so a swipe never shows an empty frame. They are lazy, so they wait
            for the page's first image; being inside the frame, they load as soon as the carousel is
            near the viewport. The same sizes pick the same file the slide will show. */}
        {neighbourIndexes(shown, count).map((index) => {
          const image = images[index] ?? first;
          return (
            <ResponsiveImage
              key={index}
              className="carousel__preload"
              image={image}
              alt=""
              aria-hidden="true"
              // For a tap before the page is live, which shows this photo at once (src/early/photo.ts).
              data-photo-index={index}
              data-alt={image.alt}
              sizes={sizes}
              slotSize={FALLBACK_SLOT}
            />
          );
        })}

        {hasControls && (
          <>
            <button
              type="button"
              className="carousel__button carousel__button--previous"
              aria-label={text('common.previousPhoto')}
              aria-controls={slidesId}
              data-early={'photo-previous' satisfies EarlyActionName}
              onClick={() => go('previous')}
            >
              <Chevron direction="previous" />
            </button>
            <button
              type="button"
              className="carousel__button carousel__button--next"
              aria-label={text('common.nextPhoto')}
              aria-controls={slidesId}
              data-early={'photo-next' satisfies EarlyActionName}
              onClick={() => go('next')}
            >
              <Chevron direction="next" />
            </button>
            {/* Decorative: the slide's "n of total" and the live region already say where we are,
                and one tab stop per dot would be too many on a grid of product cards. */}
            <div className="carousel__dots" aria-hidden="true">
              {images.map((_, index) => (
                <span
                  // biome-ignore lint/suspicious/noArrayIndexKey: a dot is a position, and one photo may appear twice
                  key={index}
                  className={index === shown ? 'carousel__dot carousel__dot--current' : 'carousel__dot'}
                />
              ))}
            </div>
          </>
        )}
      </div>

      <div role="status" className="carousel__status">
        {position.announcement}
      </div>
    </section>
  );
}

function Chevron({ direction }: { direction: SwipeDirection }) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path
        d={direction === 'next' ? 'M9 5l7 7-7 7' : 'M15 5l-7 7 7 7'}
        fill="none"
        stroke="currentColor"
        strokeWidth="2.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
