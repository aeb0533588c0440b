import { defineField, defineType } from 'sanity';

const cards = (name: string, count: number, title?: string) =>
  defineField({
    name,
    ...(title ? { title } : {}),
    type: 'array',
    of: [{ type: 'featureCard' }],
    validation: (rule) => rule.required().length(count),
  });

const stats = (count: number) =>
  defineField({
    name: 'stats',
    type: 'array',
    of: [{ type: 'impactStat' }],
    validation: (rule) => rule.required().length(count),
  });

export const shopSettings = defineType({
  name: 'shopSettings',
  title: 'Shop settings',
  type: 'document',
  fields: [
    defineField({ name: 'shopName', type: 'string', validation: (rule) => rule.required() }),
    defineField({ name: 'tagline', type: 'string' }),
    defineField({
      name: 'showDiscountTag',
      title: 'Show discount tags',
      type: 'boolean',
      description: 'When off, no product card shows a discount tag even if it has a discount.',
      initialValue: true,
    }),
    defineField({ name: 'festivalLabel', type: 'string', initialValue: 'Diwali Discount' }),
    defineField({ name: 'festivalActive', type: 'boolean', initialValue: false }),
    defineField({
      name: 'freeShippingThreshold',
      title: 'Free shipping from (₹)',
      type: 'number',
      validation: (rule) => rule.required().integer().positive(),
    }),
    defineField({
      name: 'codCharge',
      title: 'Cash on Delivery charge (₹)',
      type: 'number',
      validation: (rule) => rule.required().integer().min(0),
    }),
    defineField({
      name: 'whatsappNumber',
      title: 'WhatsApp number',
      type: 'string',
      description: 'Digits only, with the country code: 91 then the 10-digit number.',
      validation: (rule) => rule.required().regex(/^\d{10,15}$/),
    }),
    defineField({ name: 'whatsappGreeting', type: 'string', validation: (rule) => rule.required().max(200) }),
    defineField({ name: 'contactEmail', type: 'string', validation: (rule) => rule.required().email() }),
    defineField({ name: 'contactPhone', type: 'string', validation: (rule) => rule.required() }),
    defineField({ name: 'address', type: 'text', rows: 3, validation: (rule) => rule.required() }),
    defineField({ name: 'socialLinks', type: 'array', of: [{ type: 'socialLink' }] }),
    defineField({ name: 'marketplaceNote', type: 'string' }),
    defineField({
      name: 'pickup',
      title: 'Courier pickup',
      type: 'object',
      validation: (rule) => rule.required(),
      fields: [
        defineField({ name: 'name', type: 'string', validation: (rule) => rule.required() }),
        defineField({ name: 'pincode', type: 'string', validation: (rule) => rule.required().regex(/^\d{6}$/) }),
      ],
    }),
  ],
});

export const homePage = defineType({
  name: 'homePage',
  title: 'Home page',
  type: 'document',
  fields: [
    defineField({ name: 'heroTitle', type: 'string', validation: (rule) => rule.required() }),
    defineField({ name: 'heroSubtitle', type: 'text', rows: 2, validation: (rule) => rule.required() }),
    cards('tiles', 4),
    defineField({ name: 'whyChooseTitle', type: 'string', validation: (rule) => rule.required() }),
    cards('whyChooseUs', 6, 'Why choose us'),
    defineField({ name: 'ctaTitle', type: 'string', validation: (rule) => rule.required() }),
    defineField({ name: 'ctaText', type: 'text', rows: 2, validation: (rule) => rule.required() }),
  ],
});

export const aboutPage = defineType({
  name: 'aboutPage',
  title: 'Who are we page',
  type: 'document',
  fields: [
    defineField({ name: 'title', type: 'string', validation: (rule) => rule.required() }),
    defineField({ name: 'intro', type: 'text', rows: 3, validation: (rule) => rule.required() }),
    defineField({ name: 'mission', type: 'text', rows: 4, validation: (rule) => rule.required() }),
    cards('values', 4),
    stats(4),
  ],
});

export const farmerImpactPage = defineType({
  name: 'farmerImpactPage',
  title: 'Farmer impact page',
  type: 'document',
  fields: [
    defineField({ name: 'title', type: 'string', validation: (rule) => rule.required() }),
    defineField({ name: 'intro', type: 'text', rows: 3, validation: (rule) => rule.required() }),
    defineField({
      name: 'farmerShareStated',
      title: 'Farmer share we state (%)',
      type: 'number',
      validation: (rule) => rule.required().min(0).max(100),
    }),
    defineField({ name: 'farmerShareBlogClaim', title: 'Farmer share in blog copy', type: 'string' }),
    defineField({ name: 'farmerShareNote', type: 'text', rows: 3, validation: (rule) => rule.required() }),
    defineField({
      name: 'valueChain',
      type: 'array',
      of: [{ type: 'valueChainNode' }],
      validation: (rule) =>
        rule
          .required()
          .min(1)
          .custom((nodes) => {
            const shares = (nodes ?? []).map((node) => (node as { share?: number }).share ?? 0);
            const total = shares.reduce((sum, share) => sum + share, 0);
            return total === 100 ? true : `The shares add up to ${total}; they must add up to 100.`;
          }),
    }),
    stats(4),
  ],
});

export const SINGLETON_TYPES = ['shopSettings', 'homePage', 'aboutPage', 'farmerImpactPage'];
export const singletonTypes = [shopSettings, homePage, aboutPage, farmerImpactPage];
