/**
 * The head tags every page carries: title, description, canonical URL, Open Graph and Twitter card.
 * Link previews and crawlers read them from the prerendered HTML without running any script, so
 * every URL in them is absolute.
 */
import { vercelStegaClean } from '@vercel/stega';
import type { MetaDescriptor } from 'react-router';
import { SITE_ORIGIN } from '../../config/site.ts';
import { MEDIA_PREFIX, socialImagePath } from '../../media/variants.ts';

export const SHOP_NAME = 'Orang Utan Organics';

/** The card shown when a page without its own picture is shared (1200 × 630, made by scripts/social-card.mjs). */
export const DEFAULT_SOCIAL_IMAGE: SocialImage = {
  src: '/social-card.png',
  alt: 'Orang Utan Organics: organic food from the villages of Uttarakhand',
  width: 1200,
  height: 630,
};

export interface SocialImage {
  src: string;
  alt: string;
  width?: number;
  height?: number;
}

export interface PageHead {
  title: string;
  description: string;
  /** The page's own path, without query: filters and tracking parameters never make a new page. */
  path: string;
  image?: SocialImage;
  /** `article` for blog posts, `product` for products; `website` otherwise. */
  type?: 'website' | 'article' | 'product';
  /** Cart and checkout: useless in search results, and personal. */
  noindex?: boolean;
  /** Structured data (schema.org objects) for this page, each in its own JSON-LD script. */
  jsonLd?: readonly object[];
}

/**
 * The picture for a link preview: previews want a raster image (WhatsApp and Facebook ignore SVG),
 * so bundled SVG artwork is shared as the JPEG, same size, that the build draws beside it
 * (site-build/bundled-media.ts).
 */
export function socialImage(image: SocialImage): SocialImage {
  const jpeg = image.src.startsWith(MEDIA_PREFIX) ? socialImagePath(image.src) : undefined;
  if (jpeg) return { ...image, src: jpeg };
  if (image.src.startsWith(SANITY_IMAGES)) return sanitySocialImage(image);
  return image;
}

const SANITY_IMAGES = 'https://cdn.sanity.io/images/';
const SOCIAL_WIDTH = 1200;

/** A Sanity image as a JPEG at most 1200 px wide, through Sanity's image API. */
function sanitySocialImage(image: SocialImage): SocialImage {
  const url = new URL(image.src);
  url.searchParams.set('w', String(SOCIAL_WIDTH));
  url.searchParams.set('fit', 'max');
  url.searchParams.set('fm', 'jpg');
  const { width, height } = image;
  if (!width || !height || width <= SOCIAL_WIDTH) return { ...image, src: url.href };
  return { ...image, src: url.href, width: SOCIAL_WIDTH, height: Math.round((height * SOCIAL_WIDTH) / width) };
}

export function absoluteUrl(pathOrUrl: string, origin: string = SITE_ORIGIN): string {
  return new URL(pathOrUrl, origin).href;
}

/** "Rajma — Orang Utan Organics"; the home page passes a title that already names the shop. */
export function pageTitle(title: string): string {
  return title.includes(SHOP_NAME) ? title : `${title} — ${SHOP_NAME}`;
}

export function pageHead(head: PageHead, origin: string = SITE_ORIGIN): MetaDescriptor[] {
  // In the preview (dev server only), texts carry their source invisibly (content/stega.server.ts):
  // the head is read by tabs and link previews, never by the click-to-edit outlines.
  const page = import.meta.env.DEV ? vercelStegaClean(head) : head;
  const title = pageTitle(page.title);
  const url = absoluteUrl(page.path, origin);
  const image = page.image ? socialImage(page.image) : DEFAULT_SOCIAL_IMAGE;
  const imageUrl = absoluteUrl(image.src, origin);
  const tags: MetaDescriptor[] = [
    { title },
    { name: 'description', content: page.description },
    { tagName: 'link', rel: 'canonical', href: url },
    { property: 'og:site_name', content: SHOP_NAME },
    { property: 'og:locale', content: 'en_IN' },
    {
      property: 'og:type',
      content: page.type === 'article' ? 'article' : page.type === 'product' ? 'product' : 'website',
    },
    { property: 'og:title', content: title },
    { property: 'og:description', content: page.description },
    { property: 'og:url', content: url },
    { property: 'og:image', content: imageUrl },
    { property: 'og:image:alt', content: image.alt },
    ...(image.width && image.height
      ? [
          { property: 'og:image:width', content: String(image.width) },
          { property: 'og:image:height', content: String(image.height) },
        ]
      : []),
    { name: 'twitter:card', content: 'summary_large_image' },
    { name: 'twitter:title', content: title },
    { name: 'twitter:description', content: page.description },
    { name: 'twitter:image', content: imageUrl },
    { name: 'twitter:image:alt', content: image.alt },
  ];
  if (page.noindex) tags.push({ name: 'robots', content: 'noindex' });
  for (const data of page.jsonLd ?? []) tags.push({ 'script:ld+json': data });
  return tags;
}

/** Head tags for a page whose content does not exist (its data says so): never indexed. */
export function notFoundHead(title: string): MetaDescriptor[] {
  return [{ title: pageTitle(title) }, { name: 'robots', content: 'noindex' }];
}

/**
 * Head tags for a page about one shopper's order: never indexed, and no referrer sent to the sites
 * it links to (Delhivery, WhatsApp), since its address carries the order's key.
 */
export function privateOrderHead(title: string): MetaDescriptor[] {
  return [
    { title: pageTitle(title) },
    { name: 'robots', content: 'noindex' },
    { name: 'referrer', content: 'no-referrer' },
  ];
}
