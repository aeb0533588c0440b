/**
 * The carousel's next and previous before React is live (decision 028): the slide shows the
 * neighbouring photo at once, from the neighbour Carousel.tsx already renders for preloading (the
 * same files and sizes), and says its place as the slide will ("2 of 3", `slidePlace`: views.ts); the dots follow. The
 * replayed tap then renders that photo's slide. A photo further away has no neighbour to copy, so
 * that tap waits for the page as before.
 */
import type { EarlyResult } from './action.ts';
import { slidePlace } from './views.ts';

const PLACE = /^(\d+) of (\d+)$/;

function copyPicture(from: HTMLImageElement, to: HTMLImageElement): void {
  for (const name of ['srcset', 'sizes', 'width', 'height']) {
    const value = from.getAttribute(name);
    if (value === null) to.removeAttribute(name);
    else to.setAttribute(name, value);
  }
  to.src = from.getAttribute('src') ?? '';
  to.alt = from.dataset.alt ?? '';
  const fromSources = from.parentElement?.querySelectorAll('source') ?? [];
  const toSources = to.parentElement?.querySelectorAll('source') ?? [];
  toSources.forEach((source, index) => {
    const srcset = fromSources[index]?.getAttribute('srcset');
    if (srcset) source.setAttribute('srcset', srcset);
  });
}

export function showNeighbourPhoto(control: HTMLElement, step: 1 | -1): EarlyResult {
  const carousel = control.closest('.carousel');
  const slide = carousel?.querySelector<HTMLElement>('[aria-roledescription="slide"]');
  const place = PLACE.exec(slide?.getAttribute('aria-label') ?? '');
  const image = slide?.querySelector('img');
  if (!carousel || !slide || !place || !image) return 'hold';
  const count = Number(place[2]);
  const index = (Number(place[1]) - 1 + step + count) % count;
  const neighbour = carousel.querySelector<HTMLImageElement>(`.carousel__preload[data-photo-index="${index}"]`);
  if (!neighbour) return 'hold';
  copyPicture(neighbour, image);
  slide.setAttribute('aria-label', slidePlace(index, count));
  carousel.querySelectorAll('.carousel__dot').forEach((dot, at) => {
    dot.classList.toggle('carousel__dot--current', at === index);
  });
  return 'replay';
}
