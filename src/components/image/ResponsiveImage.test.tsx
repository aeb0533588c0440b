import { render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ResponsiveImage } from './ResponsiveImage.tsx';

const SQUARE = { width: 800, height: 800 };
const JAR = { src: '/media/products/jar.svg', width: 800, height: 800 };
const SIZES = '(min-width: 64rem) 34rem, 100vw';

describe('ResponsiveImage', () => {
  it('offers our artwork as AVIF, then WebP, then the original, with the sizes on each source', () => {
    const { container } = render(<ResponsiveImage image={JAR} alt="A jar of ghee" sizes={SIZES} slotSize={SQUARE} />);
    const picture = container.querySelector('picture');
    expect(picture).not.toBeNull();
    const sources = [...(picture?.querySelectorAll('source') ?? [])];
    expect(sources.map((source) => source.getAttribute('type'))).toEqual(['image/avif', 'image/webp']);
    for (const source of sources) expect(source).toHaveAttribute('sizes', SIZES);
    expect(sources[0]?.getAttribute('srcset')).toContain('/media/products/jar-640w.avif 640w');
    expect(sources[1]?.getAttribute('srcset')).toContain('/media/products/jar-640w.webp 640w');

    const image = screen.getByRole('img', { name: 'A jar of ghee' });
    expect(image.parentElement).toBe(picture);
    expect(image).toHaveAttribute('src', '/media/products/jar.svg');
    // The SVG is one file for every width: no srcset, so no sizes either.
    expect(image).not.toHaveAttribute('srcset');
    expect(image).not.toHaveAttribute('sizes');
  });

  it('gives a Sanity image a srcset on the img itself, and no picture', () => {
    const src = 'https://cdn.sanity.io/images/abc123/production/928ac96d53b0c9049836c86ff25fd3c009039a16-1000x750.jpg';
    const { container } = render(<ResponsiveImage image={{ src }} alt="Rajma" sizes={SIZES} slotSize={SQUARE} />);
    expect(container.querySelector('picture')).toBeNull();
    const image = screen.getByRole('img', { name: 'Rajma' });
    expect(image.getAttribute('srcset')).toContain('auto=format');
    expect(image).toHaveAttribute('sizes', SIZES);
    expect(image).toHaveAttribute('width', '1000');
    expect(image).toHaveAttribute('height', '750');
  });

  it('always sets width and height, from the slot when the content has none', () => {
    render(
      <ResponsiveImage
        image={{ src: 'https://example.com/a.png' }}
        alt=""
        sizes="96px"
        slotSize={{ width: 96, height: 96 }}
      />,
    );
    const image = screen.getByRole('presentation');
    expect(image).toHaveAttribute('width', '96');
    expect(image).toHaveAttribute('height', '96');
    expect(image).toHaveAttribute('src', 'https://example.com/a.png');
  });

  it('waits until the image nears the viewport, decoding off the critical path', () => {
    render(<ResponsiveImage image={JAR} alt="A jar of ghee" sizes={SIZES} slotSize={SQUARE} />);
    const image = screen.getByRole('img');
    expect(image).toHaveAttribute('loading', 'lazy');
    expect(image).toHaveAttribute('decoding', 'async');
    expect(image).not.toHaveAttribute('fetchpriority');
  });

  it('fetches the page’s LCP image at once, at high priority', () => {
    render(<ResponsiveImage image={JAR} alt="A jar of ghee" sizes={SIZES} slotSize={SQUARE} priority />);
    const image = screen.getByRole('img');
    expect(image).toHaveAttribute('loading', 'eager');
    expect(image).toHaveAttribute('fetchpriority', 'high');
    expect(image).not.toHaveAttribute('decoding');
  });

  it('passes other attributes to the img and prerenders the same markup', () => {
    const element = (
      <ResponsiveImage
        image={JAR}
        alt=""
        sizes={SIZES}
        slotSize={SQUARE}
        className="carousel__preload"
        aria-hidden="true"
      />
    );
    const html = renderToString(element);
    expect(html).toMatch(/^<picture><source type="image\/avif" srcSet="[^"]+" sizes="[^"]+"\/>/);
    expect(html).toContain('class="carousel__preload"');
    expect(html).toContain('aria-hidden="true"');
  });
});
