import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Carousel, type CarouselImage } from './Carousel.tsx';

const GHEE_PHOTOS: CarouselImage[] = [
  { src: '/media/ghee-jar.jpg', alt: 'A jar of golden ghee', width: 1200, height: 900 },
  { src: '/media/ghee-spoon.jpg', alt: 'A spoonful of ghee', width: 1200, height: 900 },
  { src: '/media/ghee-cows.jpg', alt: 'Badri cows grazing on a hillside' },
];

const SIZES = '(min-width: 48rem) 50vw, 100vw';

function renderGhee(props: Partial<Parameters<typeof Carousel>[0]> = {}) {
  return render(<Carousel images={GHEE_PHOTOS} label="Badri Cow Ghee" sizes={SIZES} {...props} />);
}

function carousel() {
  return screen.getByRole('region', { name: 'Photos of Badri Cow Ghee' });
}

function shownPhoto() {
  return screen.getByRole('img');
}

function swipe(element: HTMLElement, fromX: number, toX: number) {
  fireEvent.touchStart(element, { touches: [{ clientX: fromX, clientY: 300 }] });
  fireEvent.touchEnd(element, { changedTouches: [{ clientX: toX, clientY: 300 }] });
}

describe('Carousel', () => {
  it('is a region named after the product showing the first photo as slide 1 of 3', () => {
    renderGhee();
    const region = carousel();
    expect(region).toHaveAttribute('aria-roledescription', 'carousel');
    const slide = within(region).getByRole('group', { name: '1 of 3' });
    expect(slide).toHaveAttribute('aria-roledescription', 'slide');
    expect(within(slide).getByRole('img', { name: 'A jar of golden ghee' })).toBeInTheDocument();
    // Only the shown photo is exposed as an image; the preloads are hidden from assistive tech.
    expect(screen.getAllByRole('img')).toHaveLength(1);
  });

  /** Clicks the button named `button`, then expects `photo` shown and, when given, the slide group named `position`. */
  async function clickShows(user: UserEvent, button: string, photo: string, position?: string) {
    await user.click(screen.getByRole('button', { name: button }));
    expect(shownPhoto()).toHaveAccessibleName(photo);
    if (position) expect(screen.getByRole('group', { name: position })).toBeInTheDocument();
  }

  it('moves to the next photo and wraps from the last to the first', async () => {
    const user = userEvent.setup();
    renderGhee();
    await clickShows(user, 'Next photo', 'A spoonful of ghee', '2 of 3');
    await clickShows(user, 'Next photo', 'Badri cows grazing on a hillside');
    await clickShows(user, 'Next photo', 'A jar of golden ghee', '1 of 3');
  });

  it('moves to the previous photo and wraps from the first to the last', async () => {
    const user = userEvent.setup();
    renderGhee();
    await clickShows(user, 'Previous photo', 'Badri cows grazing on a hillside', '3 of 3');
    await clickShows(user, 'Previous photo', 'A spoonful of ghee');
  });

  it('turns the photos with ArrowRight and ArrowLeft once the carousel has focus', async () => {
    const user = userEvent.setup();
    renderGhee();

    await user.tab();
    expect(carousel()).toHaveFocus();

    await user.keyboard('{ArrowRight}');
    expect(shownPhoto()).toHaveAccessibleName('A spoonful of ghee');

    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(shownPhoto()).toHaveAccessibleName('Badri cows grazing on a hillside');
  });

  it('also takes the arrow keys while one of its buttons has focus', async () => {
    const user = userEvent.setup();
    renderGhee();
    screen.getByRole('button', { name: 'Next photo' }).focus();

    await user.keyboard('{ArrowRight}');
    expect(shownPhoto()).toHaveAccessibleName('A spoonful of ghee');
  });

  it('leaves modified arrows (Alt+Left is browser back) to the browser', () => {
    renderGhee();
    fireEvent.keyDown(carousel(), { key: 'ArrowLeft', altKey: true });
    expect(shownPhoto()).toHaveAccessibleName('A jar of golden ghee');
  });

  it('goes to the next photo on a 60 px leftward swipe and back on a rightward one', () => {
    renderGhee();

    swipe(carousel(), 200, 140);
    expect(shownPhoto()).toHaveAccessibleName('A spoonful of ghee');

    swipe(shownPhoto(), 140, 200);
    expect(shownPhoto()).toHaveAccessibleName('A jar of golden ghee');
  });

  it('ignores a 30 px swipe', () => {
    renderGhee();
    swipe(carousel(), 200, 170);
    expect(shownPhoto()).toHaveAccessibleName('A jar of golden ghee');
    expect(screen.getByRole('status')).toHaveTextContent('');
  });

  it('ignores a mostly vertical drag: that is the page scrolling', () => {
    renderGhee();
    fireEvent.touchStart(carousel(), { touches: [{ clientX: 200, clientY: 400 }] });
    fireEvent.touchEnd(carousel(), { changedTouches: [{ clientX: 140, clientY: 200 }] });
    expect(shownPhoto()).toHaveAccessibleName('A jar of golden ghee');
  });

  it('keeps the previous and next photos loading in the background, hidden from assistive tech', async () => {
    const user = userEvent.setup();
    renderGhee();

    const preloads = screen.getAllByRole('presentation', { hidden: true });
    expect(preloads.map((image) => image.getAttribute('src'))).toEqual([
      '/media/ghee-cows.jpg',
      '/media/ghee-spoon.jpg',
    ]);
    for (const image of preloads) {
      expect(image).toHaveAttribute('alt', '');
      expect(image).toHaveAttribute('aria-hidden', 'true');
      expect(image).toHaveAttribute('decoding', 'async');
    }

    await user.click(screen.getByRole('button', { name: 'Next photo' }));
    const after = screen.getAllByRole('presentation', { hidden: true });
    expect(after.map((image) => image.getAttribute('src'))).toEqual(['/media/ghee-jar.jpg', '/media/ghee-cows.jpg']);
  });

  it('shows a single photo with no controls and nothing to preload', () => {
    render(<Carousel images={GHEE_PHOTOS.slice(0, 1)} label="Badri Cow Ghee" sizes={SIZES} />);
    expect(shownPhoto()).toHaveAccessibleName('A jar of golden ghee');
    expect(screen.queryAllByRole('button')).toHaveLength(0);
    expect(screen.queryAllByRole('presentation', { hidden: true })).toHaveLength(0);
    // Nothing to turn, so no tab stop either.
    expect(carousel()).not.toHaveAttribute('tabindex');
  });

  it('announces the new position politely after a change, and nothing before', async () => {
    const user = userEvent.setup();
    renderGhee();
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('');

    await user.click(screen.getByRole('button', { name: 'Next photo' }));
    expect(status).toHaveTextContent('Photo 2 of 3');

    await user.click(screen.getByRole('button', { name: 'Previous photo' }));
    await user.click(screen.getByRole('button', { name: 'Previous photo' }));
    expect(status).toHaveTextContent('Photo 3 of 3');
  });

  it('gives every image its size, falling back to 800 × 800, and its candidates for the carousel’s width', async () => {
    const user = userEvent.setup();
    renderGhee();
    expect(shownPhoto()).toHaveAttribute('width', '1200');
    expect(shownPhoto()).toHaveAttribute('height', '900');
    expect(shownPhoto()).toHaveAttribute('decoding', 'async');
    const sources = shownPhoto().parentElement?.querySelectorAll('source') ?? [];
    expect([...sources].map((source) => source.getAttribute('sizes'))).toEqual([SIZES, SIZES]);
    expect(sources[0]).toHaveAttribute('srcset', expect.stringContaining('/media/ghee-jar-960w.avif 960w'));

    await user.click(screen.getByRole('button', { name: 'Previous photo' }));
    expect(shownPhoto()).toHaveAttribute('width', '800');
    expect(shownPhoto()).toHaveAttribute('height', '800');
  });

  it('loads the first photo lazily unless the carousel is above the fold', () => {
    const { unmount } = renderGhee();
    expect(shownPhoto()).toHaveAttribute('loading', 'lazy');
    expect(shownPhoto()).not.toHaveAttribute('fetchpriority');
    unmount();

    renderGhee({ priority: true });
    expect(shownPhoto()).toHaveAttribute('loading', 'eager');
    expect(shownPhoto()).toHaveAttribute('fetchpriority', 'high');
    // Only the first photo: the neighbours wait for it.
    for (const preload of screen.getAllByRole('presentation', { hidden: true })) {
      expect(preload).toHaveAttribute('loading', 'lazy');
      expect(preload).not.toHaveAttribute('fetchpriority');
    }
  });

  it('starts again at the first photo when it is given another product’s photos', async () => {
    const user = userEvent.setup();
    const { rerender } = renderGhee();
    await user.click(screen.getByRole('button', { name: 'Next photo' }));

    const honey: CarouselImage[] = [
      { src: '/media/honey-jar.jpg', alt: 'A jar of wild honey' },
      { src: '/media/honey-comb.jpg', alt: 'Honeycomb' },
    ];
    rerender(<Carousel images={honey} label="Wild Honey" sizes={SIZES} />);
    expect(screen.getByRole('region', { name: 'Photos of Wild Honey' })).toBeInTheDocument();
    expect(shownPhoto()).toHaveAccessibleName('A jar of wild honey');
    expect(screen.getByRole('status')).toHaveTextContent('');
  });

  it('renders nothing without photos', () => {
    const { container } = render(<Carousel images={[]} label="Badri Cow Ghee" sizes={SIZES} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('reserves the first photo’s aspect ratio and hydrates the server HTML without a mismatch', async () => {
    const element = (
      <Carousel images={GHEE_PHOTOS} label="Badri Cow Ghee" sizes={SIZES} priority className="product-gallery" />
    );
    const html = renderToString(element);
    expect(html).toContain('aspect-ratio:1200 / 900');

    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    // A hydration mismatch is reported through console.error, which fails this test.
    const root = await act(async () => hydrateRoot(container, element));
    expect(carousel()).toHaveClass('carousel', 'product-gallery');

    await userEvent.setup().click(screen.getByRole('button', { name: 'Next photo' }));
    expect(shownPhoto()).toHaveAccessibleName('A spoonful of ghee');

    act(() => root.unmount());
    container.remove();
  });
});
