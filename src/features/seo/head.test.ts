import { describe, expect, it } from 'vitest';
import {
  absoluteUrl,
  DEFAULT_SOCIAL_IMAGE,
  notFoundHead,
  pageHead,
  pageTitle,
  privateOrderHead,
  socialImage,
} from './head.ts';

const ORIGIN = 'https://orangutanorganics.in';

function find(tags: ReturnType<typeof pageHead>, key: string, value: string) {
  return tags.find((tag) => (tag as Record<string, unknown>)[key] === value) as Record<string, string> | undefined;
}

describe('pageHead', () => {
  const tags = pageHead({
    title: 'Badri Cow Ghee',
    description: 'Bilona ghee from Badri cows.',
    path: '/products/3',
    type: 'product',
    image: { src: '/media/products/badri-ghee-jar.svg', alt: 'A jar of ghee', width: 800, height: 800 },
    jsonLd: [{ '@type': 'Product' }],
  });

  it('names the page and the shop once, with the description', () => {
    expect(tags[0]).toEqual({ title: 'Badri Cow Ghee — Orang Utan Organics' });
    expect(find(tags, 'name', 'description')?.content).toBe('Bilona ghee from Badri cows.');
  });

  it('gives an absolute canonical URL and the same URL to Open Graph', () => {
    expect(find(tags, 'rel', 'canonical')).toEqual({
      tagName: 'link',
      rel: 'canonical',
      href: `${ORIGIN}/products/3`,
    });
    expect(find(tags, 'property', 'og:url')?.content).toBe(`${ORIGIN}/products/3`);
    expect(find(tags, 'property', 'og:type')?.content).toBe('product');
  });

  it('shares bundled SVG artwork as its JPEG, with size and alt text, on both cards', () => {
    const image = `${ORIGIN}/media/products/badri-ghee-jar.social.jpg`;
    expect(find(tags, 'property', 'og:image')?.content).toBe(image);
    expect(find(tags, 'name', 'twitter:image')?.content).toBe(image);
    expect(find(tags, 'property', 'og:image:width')?.content).toBe('800');
    expect(find(tags, 'property', 'og:image:alt')?.content).toBe('A jar of ghee');
    expect(find(tags, 'name', 'twitter:card')?.content).toBe('summary_large_image');
  });

  it('puts each structured-data object in its own JSON-LD script', () => {
    expect(tags.filter((tag) => 'script:ld+json' in tag)).toEqual([{ 'script:ld+json': { '@type': 'Product' } }]);
  });

  it('is indexable unless told otherwise', () => {
    expect(find(tags, 'name', 'robots')).toBeUndefined();
    const privatePage = pageHead({ title: 'Checkout', description: 'Pay', path: '/checkout', noindex: true });
    expect(find(privatePage, 'name', 'robots')?.content).toBe('noindex');
  });

  it('falls back to the shop card, and keeps a title that already names the shop', () => {
    const home = pageHead({ title: 'Orang Utan Organics — organic foods', description: 'Hello', path: '/' });
    expect(home[0]).toEqual({ title: 'Orang Utan Organics — organic foods' });
    expect(find(home, 'property', 'og:image')?.content).toBe(`${ORIGIN}${DEFAULT_SOCIAL_IMAGE.src}`);
    expect(find(home, 'property', 'og:type')?.content).toBe('website');
    expect(find(home, 'property', 'og:image:height')?.content).toBe('630');
  });

  it('leaves out image dimensions it does not know', () => {
    const post = pageHead({
      title: 'A post',
      description: 'About rajma',
      path: '/blog/1',
      type: 'article',
      image: { src: 'https://cdn.sanity.io/images/p/d/abc-800x600.jpg', alt: '' },
    });
    expect(find(post, 'property', 'og:type')?.content).toBe('article');
    expect(find(post, 'property', 'og:image')?.content).toBe(
      'https://cdn.sanity.io/images/p/d/abc-800x600.jpg?w=1200&fit=max&fm=jpg',
    );
    expect(find(post, 'property', 'og:image:width')).toBeUndefined();
  });
});

describe('helpers', () => {
  it('pageTitle adds the shop name once', () => {
    expect(pageTitle('Recipes')).toBe('Recipes — Orang Utan Organics');
    expect(pageTitle('Contact us — Orang Utan Organics')).toBe('Contact us — Orang Utan Organics');
  });

  it('absoluteUrl resolves paths against the site and keeps absolute URLs', () => {
    expect(absoluteUrl('/blog/1')).toBe(`${ORIGIN}/blog/1`);
    expect(absoluteUrl('https://cdn.sanity.io/x.jpg')).toBe('https://cdn.sanity.io/x.jpg');
    expect(absoluteUrl('/a', 'http://localhost:8888')).toBe('http://localhost:8888/a');
  });

  it('socialImage asks Sanity for a JPEG at most 1200 px wide, with its scaled size', () => {
    const large = { src: 'https://cdn.sanity.io/images/p/d/x-2400x1600.png', alt: 'x', width: 2400, height: 1600 };
    expect(socialImage(large)).toEqual({
      src: 'https://cdn.sanity.io/images/p/d/x-2400x1600.png?w=1200&fit=max&fm=jpg',
      alt: 'x',
      width: 1200,
      height: 800,
    });
    const small = { src: 'https://cdn.sanity.io/images/p/d/y-800x800.png', alt: 'y', width: 800, height: 800 };
    expect(socialImage(small)).toMatchObject({ width: 800, height: 800 });
  });

  it('socialImage only swaps bundled SVGs', () => {
    expect(socialImage({ src: '/media/blog/jimbu.svg', alt: 'x' }).src).toBe('/media/blog/jimbu.social.jpg');
    expect(socialImage({ src: '/social-card.png', alt: 'x' }).src).toBe('/social-card.png');
    expect(socialImage({ src: '/logo.svg', alt: 'x' }).src).toBe('/logo.svg');
  });

  it('notFoundHead is never indexed', () => {
    expect(notFoundHead('Page not found')).toEqual([
      { title: 'Page not found — Orang Utan Organics' },
      { name: 'robots', content: 'noindex' },
    ]);
  });

  it('privateOrderHead is never indexed and sends no referrer (its address carries a key)', () => {
    expect(privateOrderHead('Your order')).toEqual([
      { title: 'Your order — Orang Utan Organics' },
      { name: 'robots', content: 'noindex' },
      { name: 'referrer', content: 'no-referrer' },
    ]);
  });
});
