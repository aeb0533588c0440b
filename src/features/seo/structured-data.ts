/**
 * schema.org structured data (JSON-LD) built from the shop's content. Pure functions: the routes'
 * `meta` put the results into the prerendered head, where search engines read them.
 */
import { SITE_ORIGIN } from '../../config/site.ts';
import type { BlogPost, Recipe, ReviewDigest, ShopSettings } from '../../content/types.ts';
import { type Product, type ProductImage, unitPrice, type Variant } from '../../shop/catalogue/index.ts';
import { fallbackShippingEstimate } from '../../shop/order/index.ts';
import { absoluteUrl, SHOP_NAME } from './head.ts';

const CONTEXT = 'https://schema.org';
const ORGANIZATION_ID = `${SITE_ORIGIN}/#organization`;

/**
 * The returns policy (/policies/returns) in schema.org's terms: opened food is not taken back, but
 * an order that arrives damaged, leaking or wrong is replaced or refunded when reported within
 * 48 hours — so a finite window of 2 days, at no cost to the shopper, India only.
 */
export const RETURN_POLICY = {
  days: 2,
  path: '/policies/returns',
} as const;

export interface Crumb {
  name: string;
  path: string;
}

/** The shop as seller, publisher or author; the full Organization is on the home page. */
function organizationRef() {
  return { '@type': 'Organization', '@id': ORGANIZATION_ID, name: SHOP_NAME, url: `${SITE_ORIGIN}/` };
}

export function organizationJsonLd(settings: ShopSettings, origin: string = SITE_ORIGIN) {
  return {
    '@context': CONTEXT,
    '@type': 'Organization',
    '@id': ORGANIZATION_ID,
    name: settings.shopName,
    url: absoluteUrl('/', origin),
    logo: absoluteUrl('/logo.svg', origin),
    description: settings.tagline || undefined,
    email: settings.contactEmail,
    telephone: settings.contactPhone,
    address: { '@type': 'PostalAddress', streetAddress: settings.address, addressCountry: 'IN' },
    sameAs: settings.socialLinks.map((link) => link.url),
    contactPoint: [
      {
        '@type': 'ContactPoint',
        contactType: 'customer service',
        telephone: settings.contactPhone,
        email: settings.contactEmail,
        areaServed: 'IN',
        availableLanguage: ['English', 'Hindi'],
      },
    ],
  };
}

export function breadcrumbJsonLd(crumbs: readonly Crumb[], origin: string = SITE_ORIGIN) {
  return {
    '@context': CONTEXT,
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      item: absoluteUrl(crumb.path, origin),
    })),
  };
}

function imageUrls(images: readonly ProductImage[], origin: string): string[] {
  return images.map((image) => absoluteUrl(image.src, origin));
}

/** A review date as an ISO day, or nothing when the sheet holds something unreadable. */
function isoDay(date: string): string | undefined {
  const time = Date.parse(date);
  return Number.isNaN(time) ? undefined : new Date(time).toISOString().slice(0, 10);
}

/**
 * Delivery for one variant bought on its own: free at or above the free-delivery amount;
 * below it, the shop's own distance-independent estimate (the checkout quotes the carrier's rate for
 * the shopper's pincode, which may differ). India only.
 */
function shippingDetails(price: number, variant: Variant, freeShippingThreshold: number) {
  const free = price >= freeShippingThreshold;
  return {
    '@type': 'OfferShippingDetails',
    shippingDestination: { '@type': 'DefinedRegion', addressCountry: 'IN' },
    shippingRate: {
      '@type': 'MonetaryAmount',
      value: free ? 0 : fallbackShippingEstimate(variant.weight),
      currency: 'INR',
    },
    deliveryTime: {
      '@type': 'ShippingDeliveryTime',
      handlingTime: { '@type': 'QuantitativeValue', minValue: 1, maxValue: 2, unitCode: 'DAY' },
      transitTime: { '@type': 'QuantitativeValue', minValue: 2, maxValue: 7, unitCode: 'DAY' },
    },
  };
}

function returnPolicy(origin: string) {
  return {
    '@type': 'MerchantReturnPolicy',
    applicableCountry: 'IN',
    returnPolicyCategory: 'https://schema.org/MerchantReturnFiniteReturnWindow',
    merchantReturnDays: RETURN_POLICY.days,
    returnMethod: 'https://schema.org/ReturnByMail',
    returnFees: 'https://schema.org/FreeReturn',
    refundType: 'https://schema.org/FullRefund',
    merchantReturnLink: absoluteUrl(RETURN_POLICY.path, origin),
  };
}

export function productJsonLd(
  product: Product,
  options: { freeShippingThreshold: number; reviews?: ReviewDigest | undefined },
  origin: string = SITE_ORIGIN,
) {
  const url = absoluteUrl(`/products/${product.id}`, origin);
  const policy = returnPolicy(origin);
  return {
    '@context': CONTEXT,
    '@type': 'Product',
    '@id': `${url}#product`,
    name: product.name,
    description: product.description,
    url,
    image: imageUrls(product.images, origin),
    sku: String(product.id),
    category: product.category,
    brand: { '@type': 'Brand', name: SHOP_NAME },
    offers: product.variants.map((variant) => {
      const price = unitPrice(product, variant);
      return {
        '@type': 'Offer',
        name: `${product.name}, ${variant.size}`,
        sku: `${product.id}-${variant.size}`,
        url,
        price: price.toFixed(2),
        priceCurrency: 'INR',
        availability: variant.stock > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
        itemCondition: 'https://schema.org/NewCondition',
        seller: organizationRef(),
        shippingDetails: shippingDetails(price, variant, options.freeShippingThreshold),
        hasMerchantReturnPolicy: policy,
      };
    }),
    ...(options.reviews && options.reviews.count > 0 ? ratingAndReviews(options.reviews) : {}),
  };
}

function ratingAndReviews({ average, count, latest }: ReviewDigest) {
  return {
    aggregateRating: {
      '@type': 'AggregateRating',
      ratingValue: average,
      reviewCount: count,
      bestRating: 5,
      worstRating: 1,
    },
    review: latest.map((review) => ({
      '@type': 'Review',
      author: { '@type': 'Person', name: review.customer },
      datePublished: isoDay(review.date),
      reviewBody: review.review,
      reviewRating: { '@type': 'Rating', ratingValue: review.rating, bestRating: 5, worstRating: 1 },
    })),
  };
}

export function blogPostingJsonLd(post: BlogPost, origin: string = SITE_ORIGIN) {
  const url = absoluteUrl(`/blog/${post.id}`, origin);
  return {
    '@context': CONTEXT,
    '@type': 'BlogPosting',
    '@id': `${url}#article`,
    headline: post.title,
    description: post.excerpt,
    url,
    mainEntityOfPage: url,
    image: [absoluteUrl(post.image.src, origin)],
    datePublished: post.date,
    articleSection: post.category,
    author: { '@type': 'Person', name: post.author },
    publisher: organizationRef(),
  };
}

export function recipeJsonLd(recipe: Recipe, origin: string = SITE_ORIGIN) {
  return {
    '@context': CONTEXT,
    '@type': 'Recipe',
    '@id': `${absoluteUrl('/who-are-we/recipes', origin)}#${recipe.id}`,
    name: recipe.title,
    recipeCategory: recipe.occasion,
    recipeCuisine: 'Indian',
    totalTime: `PT${recipe.time}M`,
    ...(recipe.serves ? { recipeYield: `${recipe.serves} servings` } : {}),
    keywords: recipe.tags.join(', ') || undefined,
    recipeIngredient: recipe.ingredients,
    recipeInstructions: recipe.steps.map((step) => ({ '@type': 'HowToStep', text: step })),
    nutrition: { '@type': 'NutritionInformation', calories: `${recipe.calories} calories` },
    author: organizationRef(),
  };
}
