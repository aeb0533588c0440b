import { describe, expect, it } from 'vitest';
import { imageCandidates } from './responsive-image.ts';

const SQUARE = { width: 800, height: 800 };
const SANITY_URL =
  'https://cdn.sanity.io/images/abc123/production/928ac96d53b0c9049836c86ff25fd3c009039a16-1000x750.jpg';

function candidateUrls(srcSet: string | undefined): [string, string][] {
  return (srcSet ?? '').split(', ').map((candidate) => candidate.split(' ') as [string, string]);
}

describe('imageCandidates for Sanity images', () => {
  it('asks Sanity for each width in the format the browser prefers, never wider than the photo', () => {
    const image = imageCandidates({ src: SANITY_URL, width: 1000, height: 750 }, SQUARE);
    const candidates = candidateUrls(image.srcSet);
    expect(candidates.map(([, descriptor]) => descriptor)).toEqual(['160w', '320w', '640w', '960w', '1000w']);
    for (const [url, descriptor] of candidates) {
      const parsed = new URL(url);
      expect(parsed.origin + parsed.pathname).toBe(SANITY_URL);
      expect(parsed.searchParams.get('auto')).toBe('format');
      expect(parsed.searchParams.get('fit')).toBe('max');
      expect(`${parsed.searchParams.get('w')}w`).toBe(descriptor);
    }
    expect(new URL(image.src).searchParams.get('w')).toBe('640');
    expect(image.sources).toEqual([]);
    expect([image.width, image.height]).toEqual([1000, 750]);
  });

  it('reads the size from the asset URL when the content does not give it', () => {
    const image = imageCandidates({ src: SANITY_URL }, SQUARE);
    expect([image.width, image.height]).toEqual([1000, 750]);
    expect(candidateUrls(image.srcSet).at(-1)?.[1]).toBe('1000w');
  });

  it('keeps a small photo to its own width', () => {
    const small = SANITY_URL.replace('1000x750', '300x200');
    const image = imageCandidates({ src: small }, SQUARE);
    expect(candidateUrls(image.srcSet).map(([, descriptor]) => descriptor)).toEqual(['160w', '300w']);
    expect(new URL(image.src).searchParams.get('w')).toBe('300');
  });
});

describe('imageCandidates for our own artwork', () => {
  it('offers AVIF then WebP variants of a drawing at every width, with the SVG as the fallback', () => {
    const image = imageCandidates({ src: '/media/products/jar.svg', width: 800, height: 800 }, SQUARE);
    expect(image.src).toBe('/media/products/jar.svg');
    expect(image.srcSet).toBeUndefined();
    expect(image.sources.map((source) => source.type)).toEqual(['image/avif', 'image/webp']);
    expect(image.sources[0]?.srcSet).toBe(
      '/media/products/jar-160w.avif 160w, /media/products/jar-320w.avif 320w, /media/products/jar-640w.avif 640w, ' +
        '/media/products/jar-960w.avif 960w, /media/products/jar-1280w.avif 1280w, /media/products/jar-1600w.avif 1600w',
    );
    expect(image.sources[1]?.srcSet).toContain('/media/products/jar-1600w.webp 1600w');
    expect([image.width, image.height]).toEqual([800, 800]);
  });

  it('stops a photo’s variants at its own width', () => {
    const image = imageCandidates({ src: '/media/hero/hero-poster.jpg', width: 960, height: 540 }, SQUARE);
    expect(image.sources[0]?.srcSet).toBe(
      '/media/hero/hero-poster-160w.avif 160w, /media/hero/hero-poster-320w.avif 320w, ' +
        '/media/hero/hero-poster-640w.avif 640w, /media/hero/hero-poster-960w.avif 960w',
    );
  });

  it('offers no variants of a photo whose width it does not know, and sizes it from the slot', () => {
    const image = imageCandidates({ src: '/media/hero/hero-poster.jpg' }, { width: 96, height: 96 });
    expect(image).toEqual({ src: '/media/hero/hero-poster.jpg', sources: [], width: 96, height: 96 });
  });

  it('takes a missing height from the slot’s aspect', () => {
    const image = imageCandidates({ src: '/media/blog/terraces.svg', width: 1200 }, { width: 16, height: 10 });
    expect([image.width, image.height]).toEqual([1200, 750]);
  });
});

describe('imageCandidates for anything else', () => {
  it('uses the URL as it is', () => {
    for (const src of ['https://example.com/photo.jpg', '/logo.svg', '/media/hero/hero.webp', '']) {
      expect(imageCandidates({ src, width: 640, height: 480 }, SQUARE)).toEqual({
        src,
        sources: [],
        width: 640,
        height: 480,
      });
    }
  });

  it('does not mistake another host’s /images/ path for Sanity', () => {
    const src = 'https://cdn.example.com/images/abc123/production/928ac96d-1000x750.jpg';
    expect(imageCandidates({ src }, SQUARE)).toEqual({ src, sources: [], width: 800, height: 800 });
  });
});
