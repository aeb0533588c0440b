// @vitest-environment jsdom
/** The carousel's early actions (decision 028); the page each test builds: test-page.fixture.ts. */
import { describe, expect, it } from 'vitest';
import { photoActions } from './actions.ts';
import { $ } from './test-page.fixture.ts';

describe('the carousel', () => {
  it('shows the neighbouring photo Carousel rendered for preloading, and holds a photo it has none for', () => {
    document.body.innerHTML = `<section class="carousel"><div aria-roledescription="slide" aria-label="1 of 4"><img src="/a.jpg" alt="A"></div>
      <img class="carousel__preload" data-photo-index="1" data-alt="B" src="/b.jpg" srcset="/b-400.jpg 400w">
      <img class="carousel__preload" data-photo-index="3" data-alt="D" src="/d.jpg">
      <span class="carousel__dot carousel__dot--current"></span><span class="carousel__dot"></span><span class="carousel__dot"></span><span class="carousel__dot"></span>
      <button data-early="photo-next"></button><button data-early="photo-previous"></button></section>`;
    expect(photoActions['photo-next']?.($('[data-early="photo-next"]'))).toBe('replay');
    const image = $('[aria-roledescription="slide"] img') as HTMLImageElement;
    expect(image.getAttribute('src')).toBe('/b.jpg');
    expect(image.getAttribute('srcset')).toBe('/b-400.jpg 400w');
    expect(image.alt).toBe('B');
    expect($('[aria-roledescription="slide"]').getAttribute('aria-label')).toBe('2 of 4');
    expect(document.querySelectorAll('.carousel__dot')[1]?.classList.contains('carousel__dot--current')).toBe(true);
    expect(photoActions['photo-next']?.($('[data-early="photo-next"]'))).toBe('hold'); // photo 3 was not preloaded
  });
});
