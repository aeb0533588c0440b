import { defineField, defineType } from 'sanity';
import { PRODUCT_CATEGORIES } from '../../../../src/shop/vocabulary.ts';
import { imageWithAlt } from '../fields.ts';
import { uniqueAcrossType, uniqueSizes } from '../rules.ts';

export const product = defineType({
  name: 'product',
  title: 'Product',
  type: 'document',
  groups: [
    { name: 'shop', title: 'Shop', default: true },
    { name: 'story', title: 'Story and nutrition' },
  ],
  fields: [
    defineField({
      name: 'id',
      title: 'Product number',
      type: 'number',
      group: 'shop',
      description: 'Appears in the address /products/{number}. Never change it once orders exist.',
      validation: (rule) => rule.required().integer().positive().custom(uniqueAcrossType('product', 'id')),
    }),
    defineField({ name: 'name', type: 'string', group: 'shop', validation: (rule) => rule.required().max(80) }),
    defineField({
      name: 'category',
      type: 'string',
      group: 'shop',
      options: { list: [...PRODUCT_CATEGORIES], layout: 'radio' },
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'description',
      type: 'text',
      rows: 3,
      group: 'shop',
      validation: (rule) => rule.required().min(20).max(600),
    }),
    defineField({
      name: 'images',
      type: 'array',
      group: 'shop',
      of: [imageWithAlt],
      validation: (rule) => rule.required().min(1),
    }),
    defineField({
      name: 'variants',
      title: 'Sizes and prices',
      type: 'array',
      group: 'shop',
      of: [{ type: 'variant' }],
      validation: (rule) => rule.required().min(1).custom(uniqueSizes),
    }),
    defineField({
      name: 'benefits',
      title: 'Benefit tags',
      type: 'array',
      group: 'shop',
      of: [{ type: 'string' }],
      validation: (rule) => rule.required().min(1).max(8).unique(),
    }),
    defineField({ name: 'bestseller', type: 'boolean', group: 'shop', initialValue: false }),
    defineField({
      name: 'discountPercent',
      title: 'Discount (%)',
      type: 'number',
      group: 'shop',
      description: 'Shoppers pay round(price × (1 − discount/100)). 0 means no discount.',
      initialValue: 0,
      validation: (rule) => rule.min(0).max(90),
    }),
    defineField({
      name: 'hsnCode',
      title: 'HSN code',
      type: 'string',
      group: 'shop',
      validation: (rule) => rule.regex(/^\d{4,8}$/),
    }),
    defineField({ name: 'heroLine', type: 'string', group: 'story' }),
    defineField({ name: 'story', title: 'Our Story', type: 'text', rows: 5, group: 'story' }),
    defineField({ name: 'keyFeatures', type: 'array', group: 'story', of: [{ type: 'string' }] }),
    defineField({ name: 'cta', title: 'Promotional banner', type: 'string', group: 'story' }),
    defineField({ name: 'nutritionHighlights', type: 'array', group: 'story', of: [{ type: 'string' }] }),
    defineField({
      name: 'nutritionBenefits',
      title: 'Health benefits',
      type: 'array',
      group: 'story',
      of: [{ type: 'string' }],
    }),
  ],
  orderings: [{ title: 'Product number', name: 'idAsc', by: [{ field: 'id', direction: 'asc' }] }],
  preview: {
    select: { title: 'name', id: 'id', category: 'category', media: 'images.0' },
    prepare: ({ title, id, category, media }) => ({ title, subtitle: `#${id} · ${category}`, media }),
  },
});
