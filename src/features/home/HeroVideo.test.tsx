import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HeroVideo } from './HeroVideo.tsx';

function preferReducedMotion(reduce: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: reduce && query.includes('reduce'), media: query }));
}

let play: ReturnType<typeof vi.fn<() => Promise<void>>>;
beforeEach(() => {
  play = vi.fn(() => Promise.resolve());
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(play);
  vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The editors' still and clip, as the home page's content gives them (homePage.heroVideo). */
const FILES = {
  poster: { src: '/media/hero/hero-poster.jpg', width: 960, height: 540 },
  webm: '/media/hero/hero.webm',
  mp4: '/media/hero/hero.mp4',
};

function parts(container: HTMLElement) {
  const video = container.querySelector('video');
  const poster = container.querySelector('picture img');
  if (!video || !poster) throw new Error('no video or poster');
  return { video, poster, sources: [...container.querySelectorAll('picture source')] };
}

describe('HeroVideo', () => {
  it('paints an optimized poster first, at high priority, and loads only the clip’s metadata', async () => {
    preferReducedMotion(false);
    const { container } = await act(async () => render(<HeroVideo files={FILES} />));
    const { video, poster, sources } = parts(container);
    expect(poster).toHaveAttribute('src', '/media/hero/hero-poster.jpg');
    expect(poster).toHaveAttribute('fetchpriority', 'high');
    expect(poster).toHaveAttribute('loading', 'eager');
    expect(poster).toHaveAttribute('width', '960');
    expect(poster).toHaveAttribute('height', '540');
    expect(sources.map((source) => source.getAttribute('type'))).toEqual(['image/avif', 'image/webp']);
    expect(sources[0]?.getAttribute('srcset')).toContain('/media/hero/hero-poster-960w.avif 960w');
    // No poster attribute: it would fetch the JPEG a second time.
    expect(video).not.toHaveAttribute('poster');
    expect(video).toHaveAttribute('preload', 'metadata');
    expect(play).toHaveBeenCalledOnce();
  });

  it('shows the clip only once it plays', async () => {
    preferReducedMotion(false);
    const { container } = await act(async () => render(<HeroVideo files={FILES} />));
    const { video } = parts(container);
    expect(video).not.toHaveClass('hero__video--started');
    await act(async () => video.dispatchEvent(new Event('playing')));
    expect(video).toHaveClass('hero__video--started');
  });

  it('does not play, nor name its files, for visitors who prefer reduced motion, until they ask', async () => {
    preferReducedMotion(true);
    const { container } = await act(async () => render(<HeroVideo files={FILES} />));
    expect(play).not.toHaveBeenCalled();
    expect(container.querySelectorAll('video source')).toHaveLength(0);
    const button = screen.getByRole('button', { name: 'Play background video' });
    expect(button).toHaveAttribute('aria-pressed', 'true');
    await act(async () => button.click());
    expect(play).toHaveBeenCalledOnce();
    expect(container.querySelectorAll('video source')).toHaveLength(2);
  });

  it('names the clip only once the page has loaded', async () => {
    preferReducedMotion(false);
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('interactive');
    const { container } = await act(async () => render(<HeroVideo files={FILES} />));
    expect(container.querySelectorAll('video source')).toHaveLength(0);
    expect(play).not.toHaveBeenCalled();
    await act(async () => window.dispatchEvent(new Event('load')));
    const sources = [...container.querySelectorAll('video source')];
    expect(sources.map((source) => [source.getAttribute('src'), source.getAttribute('type')])).toEqual([
      ['/media/hero/hero.webm', 'video/webm'],
      ['/media/hero/hero.mp4', 'video/mp4'],
    ]);
    expect(play).toHaveBeenCalledOnce();
  });
});
