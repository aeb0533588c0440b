import { describe, expect, it } from 'vitest';
import type { BlogPost, Recipe, ShopSettings } from '../../content/types.ts';
import type { Product } from '../../shop/catalogue/index.ts';
import {
  blogPostingJsonLd,
  breadcrumbJsonLd,
  organizationJsonLd,
  productJsonLd,
  RETURN_POLICY,
  recipeJsonLd,
} from './structured-data.ts';

const ORIGIN = 'https://orangutanorganics.in';

const settings = {
  shopName: 'Orang Utan Organics',
  tagline: 'Organic food from Uttarakhand.',
  contactEmail: 'hello@orangutanorganics.in',
  contactPhone: '+91 98765 43210',
  address: 'Uttarkashi, Uttarakhand 249193, India',
  socialLinks: [{ platform: 'Instagram', url: 'https://instagram.com/ouo' }],
} as ShopSettings;

const ghee: Product = {
  id: 3,
  name: 'Badri Cow Ghee',
  category: 'Dairy',
  description: 'Bilona ghee.',
  keyFeatures: [],
  nutritionHighlights: [],
  nutritionBenefits: [],
  images: [
    { src: '/media/products/ghee.svg', alt: 'Jar' },
    { src: 'https://cdn.sanity.io/images/p/d/x.jpg', alt: 'Churn' },
  ],
  variants: [
    { size: '495gm', price: 1800, stock: 4, weight: 700 },
    { size: '250gm', price: 950, stock: 0, weight: 400 },
  ],
  benefits: [],
  bestseller: false,
  discountPercent: 10,
};

describe('organizationJsonLd', () => {
  it('describes the shop with its customer-service contact point in India', () => {
    const data = organizationJsonLd(settings);
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: 'Orang Utan Organics',
      url: `${ORIGIN}/`,
      logo: `${ORIGIN}/logo.svg`,
      sameAs: ['https://instagram.com/ouo'],
      address: { addressCountry: 'IN' },
    });
    expect(data.contactPoint).toEqual([
      {
        '@type': 'ContactPoint',
        contactType: 'customer service',
        telephone: '+91 98765 43210',
        email: 'hello@orangutanorganics.in',
        areaServed: 'IN',
        availableLanguage: ['English', 'Hindi'],
      },
    ]);
  });

  it('leaves out an empty tagline', () => {
    expect(JSON.parse(JSON.stringify(organizationJsonLd({ ...settings, tagline: '' })))).not.toHaveProperty(
      'description',
    );
  });
});

describe('productJsonLd', () => {
  const data = productJsonLd(ghee, { freeShippingThreshold: 1000 });

  it('has one offer per size at the price the shop charges (discount applied), in INR', () => {
    expect(data.offers.map((offer) => [offer.sku, offer.price, offer.priceCurrency])).toEqual([
      ['3-495gm', '1620.00', 'INR'],
      ['3-250gm', '855.00', 'INR'],
    ]);
    expect(data.offers.every((offer) => offer.url === `${ORIGIN}/products/3`)).toBe(true);
  });

  it('says which sizes are in stock', () => {
    expect(data.offers.map((offer) => offer.availability)).toEqual([
      'https://schema.org/InStock',
      'https://schema.org/OutOfStock',
    ]);
  });

  it('ships free within India at or above the free-delivery amount, else at the estimate', () => {
    const [big, small] = data.offers;
    expect(big?.shippingDetails.shippingRate).toEqual({ '@type': 'MonetaryAmount', value: 0, currency: 'INR' });
    // 400 g: round(0.4 × 50 + 40) = 60
    expect(small?.shippingDetails.shippingRate.value).toBe(60);
    expect(small?.shippingDetails.shippingDestination).toEqual({ '@type': 'DefinedRegion', addressCountry: 'IN' });
  });

  it('carries the returns policy', () => {
    expect(data.offers[0]?.hasMerchantReturnPolicy).toMatchObject({
      '@type': 'MerchantReturnPolicy',
      applicableCountry: 'IN',
      merchantReturnDays: RETURN_POLICY.days,
      merchantReturnLink: `${ORIGIN}/policies/returns`,
    });
  });

  it('makes every image URL absolute', () => {
    expect(data.image).toEqual([`${ORIGIN}/media/products/ghee.svg`, 'https://cdn.sanity.io/images/p/d/x.jpg']);
  });

  it('has no rating without published reviews', () => {
    expect(data).not.toHaveProperty('aggregateRating');
    expect(
      productJsonLd(ghee, { freeShippingThreshold: 1000, reviews: { average: 0, count: 0, latest: [] } }),
    ).not.toHaveProperty('review');
  });

  it('rates the product over all reviews and writes out the latest ones', () => {
    const rated = productJsonLd(ghee, {
      freeShippingThreshold: 1000,
      reviews: {
        average: 4.5,
        count: 12,
        latest: [
          { customer: 'Asha', rating: 5, date: '2026-03-02', review: 'Smells like home.' },
          { customer: 'Ravi', rating: 4, date: 'last spring', review: 'Good.' },
        ],
      },
    });
    expect(rated.aggregateRating).toEqual({
      '@type': 'AggregateRating',
      ratingValue: 4.5,
      reviewCount: 12,
      bestRating: 5,
      worstRating: 1,
    });
    expect(rated.review).toEqual([
      {
        '@type': 'Review',
        author: { '@type': 'Person', name: 'Asha' },
        datePublished: '2026-03-02',
        reviewBody: 'Smells like home.',
        reviewRating: { '@type': 'Rating', ratingValue: 5, bestRating: 5, worstRating: 1 },
      },
      expect.objectContaining({ author: { '@type': 'Person', name: 'Ravi' }, datePublished: undefined }),
    ]);
  });
});

describe('breadcrumbJsonLd', () => {
  it('numbers the crumbs from 1 with absolute URLs', () => {
    expect(
      breadcrumbJsonLd([
        { name: 'Home', path: '/' },
        { name: 'Blog', path: '/blog' },
      ]),
    ).toEqual({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Home', item: `${ORIGIN}/` },
        { '@type': 'ListItem', position: 2, name: 'Blog', item: `${ORIGIN}/blog` },
      ],
    });
  });
});

describe('blogPostingJsonLd', () => {
  it('describes the post with its headline, date, author, picture and publisher', () => {
    const post = {
      id: 1,
      title: 'Rajma from the hills',
      excerpt: 'Why hill rajma cooks soft.',
      image: { src: '/media/blog/rajma.svg', alt: '' },
      date: '2025-01-21',
      category: 'Recipes',
      readTime: '4 min',
      author: 'Meera',
      body: [],
      related: [],
    } as BlogPost;
    expect(blogPostingJsonLd(post)).toMatchObject({
      '@type': 'BlogPosting',
      headline: 'Rajma from the hills',
      url: `${ORIGIN}/blog/1`,
      datePublished: '2025-01-21',
      image: [`${ORIGIN}/media/blog/rajma.svg`],
      author: { '@type': 'Person', name: 'Meera' },
      publisher: { '@type': 'Organization', name: 'Orang Utan Organics' },
    });
  });
});

describe('recipeJsonLd', () => {
  const recipe: Recipe = {
    id: 'rcp-1',
    title: 'Rajma chawal',
    emoji: '🍛',
    occasion: 'Comfort',
    calories: 420,
    time: 45,
    serves: 4,
    ingredients: ['1 cup rajma', '2 cups red rice'],
    quickTip: '',
    steps: ['Soak overnight.', 'Pressure-cook.'],
    tags: ['vegan', 'gluten-free'],
  };

  it('gives ingredients, steps, time, yield and calories', () => {
    expect(recipeJsonLd(recipe)).toMatchObject({
      '@type': 'Recipe',
      '@id': `${ORIGIN}/who-are-we/recipes#rcp-1`,
      name: 'Rajma chawal',
      totalTime: 'PT45M',
      recipeYield: '4 servings',
      recipeCategory: 'Comfort',
      keywords: 'vegan, gluten-free',
      recipeIngredient: ['1 cup rajma', '2 cups red rice'],
      recipeInstructions: [
        { '@type': 'HowToStep', text: 'Soak overnight.' },
        { '@type': 'HowToStep', text: 'Pressure-cook.' },
      ],
      nutrition: { '@type': 'NutritionInformation', calories: '420 calories' },
    });
  });

  it('leaves out what the recipe does not say', () => {
    const bare = recipeJsonLd({ ...recipe, serves: undefined, tags: [] });
    expect(bare).not.toHaveProperty('recipeYield');
    expect(bare.keywords).toBeUndefined();
  });
});
