import { defineArrayMember, defineField, defineType } from 'sanity';
import { CONTENT_ICONS } from '../../../../src/shop/vocabulary.ts';

/**
 * A card's icon, picked from the shop's own drawn set (src/components/content-icons.tsx), so it
 * looks the same on every phone; emoji do not.
 */
export const iconField = () =>
  defineField({
    name: 'icon',
    type: 'string',
    description: "The small picture above the card's title, drawn in the shop's green.",
    options: { list: CONTENT_ICONS.map((icon) => ({ value: icon.value, title: icon.title })), layout: 'dropdown' },
    validation: (rule) => rule.required(),
  });

/** An image with the alt text every picture on the site needs. */
export const imageWithAlt = defineArrayMember({
  type: 'image',
  options: { hotspot: true },
  fields: [
    defineField({
      name: 'alt',
      title: 'Alternative text',
      type: 'string',
      description: 'What the picture shows, for shoppers using a screen reader.',
      validation: (rule) => rule.required().min(5).max(200),
    }),
  ],
});

export const variant = defineType({
  name: 'variant',
  title: 'Size and price',
  type: 'object',
  fields: [
    defineField({
      name: 'size',
      type: 'string',
      description: 'The label shoppers choose, e.g. "500gm" or "1kg".',
      validation: (rule) => rule.required().max(20),
    }),
    defineField({
      name: 'price',
      title: 'Price (₹, GST included)',
      type: 'number',
      validation: (rule) => rule.required().integer().positive(),
    }),
    defineField({
      name: 'stock',
      type: 'number',
      validation: (rule) => rule.required().integer().min(0),
    }),
    defineField({
      name: 'weight',
      title: 'Weight (grams)',
      type: 'number',
      description: 'Used for shipping quotes: the packed weight in grams.',
      validation: (rule) => rule.required().integer().positive(),
    }),
  ],
  preview: {
    select: { size: 'size', price: 'price', stock: 'stock' },
    prepare: ({ size, price, stock }) => ({ title: `${size} — ₹${price}`, subtitle: `${stock} in stock` }),
  },
});

export const featureCard = defineType({
  name: 'featureCard',
  title: 'Card',
  type: 'object',
  fields: [
    iconField(),
    defineField({ name: 'title', type: 'string', validation: (rule) => rule.required().max(80) }),
    defineField({ name: 'text', type: 'text', rows: 3, validation: (rule) => rule.required().max(400) }),
  ],
  preview: { select: { title: 'title', subtitle: 'icon' } },
});

export const impactStat = defineType({
  name: 'impactStat',
  title: 'Statistic',
  type: 'object',
  fields: [
    defineField({
      name: 'value',
      type: 'string',
      description: 'e.g. "50+" or "55%".',
      validation: (rule) => rule.required().max(20),
    }),
    defineField({ name: 'label', type: 'string', validation: (rule) => rule.required().max(80) }),
    defineField({ name: 'note', type: 'string' }),
  ],
  preview: { select: { title: 'value', subtitle: 'label' } },
});

export const valueChainNode = defineType({
  name: 'valueChainNode',
  title: 'Value chain step',
  type: 'object',
  fields: [
    defineField({ name: 'node', title: 'Who or what', type: 'string', validation: (rule) => rule.required() }),
    defineField({
      name: 'share',
      title: 'Rupees of every ₹100',
      type: 'number',
      validation: (rule) => rule.required().min(0).max(100),
    }),
    defineField({ name: 'note', type: 'string' }),
  ],
  preview: {
    select: { node: 'node', share: 'share' },
    prepare: ({ node, share }) => ({ title: `${node}: ₹${share}` }),
  },
});

export const socialLink = defineType({
  name: 'socialLink',
  type: 'object',
  fields: [
    defineField({
      name: 'platform',
      type: 'string',
      options: { list: ['Instagram', 'Facebook', 'YouTube', 'X', 'LinkedIn'] },
      validation: (rule) => rule.required(),
    }),
    defineField({ name: 'url', type: 'url', validation: (rule) => rule.required().uri({ scheme: ['https'] }) }),
  ],
  preview: { select: { title: 'platform', subtitle: 'url' } },
});

export const productionStep = defineType({
  name: 'productionStep',
  title: 'Production step',
  type: 'object',
  fields: [
    defineField({ name: 'stepId', type: 'string', validation: (rule) => rule.required() }),
    defineField({
      name: 'code',
      type: 'string',
      description: 'Short code printed in the batch record, e.g. BOIL.',
      validation: (rule) => rule.required().regex(/^[A-Z]{2,6}$/),
    }),
    defineField({ name: 'title', type: 'string', validation: (rule) => rule.required() }),
    defineField({ name: 'date', type: 'datetime', validation: (rule) => rule.required() }),
    defineField({ name: 'by', title: 'Done by', type: 'string', validation: (rule) => rule.required() }),
    defineField({ name: 'details', type: 'text', rows: 3, validation: (rule) => rule.required() }),
    defineField({
      name: 'checks',
      title: 'Quality checks',
      type: 'array',
      of: [{ type: 'string' }],
      validation: (rule) => rule.required().min(1),
    }),
  ],
  preview: { select: { title: 'title', subtitle: 'code' } },
});

export const blockContent = defineType({
  name: 'blockContent',
  title: 'Article body',
  type: 'array',
  of: [
    defineArrayMember({
      type: 'block',
      styles: [
        { title: 'Normal', value: 'normal' },
        { title: 'Heading', value: 'h2' },
        { title: 'Subheading', value: 'h3' },
        { title: 'Quote', value: 'blockquote' },
      ],
      lists: [
        { title: 'Bullets', value: 'bullet' },
        { title: 'Numbered', value: 'number' },
      ],
      marks: {
        decorators: [
          { title: 'Strong', value: 'strong' },
          { title: 'Emphasis', value: 'em' },
        ],
        annotations: [
          defineArrayMember({
            name: 'link',
            type: 'object',
            title: 'Link',
            fields: [
              defineField({
                name: 'href',
                type: 'url',
                validation: (rule) => rule.required().uri({ allowRelative: true, scheme: ['https', 'mailto'] }),
              }),
            ],
          }),
        ],
      },
    }),
  ],
});

export const objectTypes = [variant, featureCard, impactStat, valueChainNode, socialLink, productionStep, blockContent];
