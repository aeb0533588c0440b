import { defineField, defineType } from 'sanity';
import { IMPACT_TYPES, RECIPE_OCCASIONS } from '../../../../src/shop/vocabulary.ts';
import { iconField } from '../objects/index.ts';
import { uniqueAcrossType } from '../rules.ts';

const stringList = (name: string, title?: string, min = 0) =>
  defineField({
    name,
    ...(title ? { title } : {}),
    type: 'array',
    of: [{ type: 'string' }],
    validation: (rule) => (min > 0 ? rule.required().min(min) : rule),
  });

export const recipe = defineType({
  name: 'recipe',
  title: 'Recipe',
  type: 'document',
  fields: [
    defineField({
      name: 'recipeId',
      title: 'Recipe id',
      type: 'string',
      description: 'rcp-1, rcp-2, …',
      validation: (rule) =>
        rule
          .required()
          .regex(/^rcp-\d+$/)
          .custom(uniqueAcrossType('recipe', 'recipeId')),
    }),
    defineField({ name: 'title', type: 'string', validation: (rule) => rule.required().max(100) }),
    defineField({ name: 'emoji', type: 'string', validation: (rule) => rule.required().max(8) }),
    defineField({
      name: 'occasion',
      type: 'string',
      options: { list: [...RECIPE_OCCASIONS] },
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'calories',
      title: 'Calories per serving',
      type: 'number',
      description: 'The recipe filter slider runs from 200 to 700.',
      validation: (rule) => rule.required().integer().min(200).max(700),
    }),
    defineField({
      name: 'time',
      title: 'Time (minutes)',
      type: 'number',
      validation: (rule) => rule.required().integer().positive(),
    }),
    defineField({ name: 'serves', type: 'number', validation: (rule) => rule.integer().positive() }),
    stringList('ingredients', undefined, 2),
    defineField({ name: 'quickTip', type: 'string', validation: (rule) => rule.required() }),
    stringList('steps', undefined, 2),
    stringList('tags', undefined, 1),
  ],
  preview: { select: { title: 'title', subtitle: 'occasion' } },
});

export const nutritionItem = defineType({
  name: 'nutritionItem',
  title: 'Nutrition card',
  type: 'document',
  fields: [
    defineField({
      name: 'itemId',
      type: 'string',
      validation: (rule) => rule.required().custom(uniqueAcrossType('nutritionItem', 'itemId')),
    }),
    defineField({
      name: 'name',
      type: 'string',
      description: 'Exactly the product name: the card shows that product’s picture.',
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'nutrients',
      type: 'array',
      of: [{ type: 'string' }],
      description: 'Each as "Name (amount per 100 g)", e.g. "Calcium (642.30 mg)".',
      validation: (rule) => rule.required().min(1),
    }),
    stringList('benefits', undefined, 1),
    stringList('tags', undefined, 1),
  ],
  preview: { select: { title: 'name' } },
});

export const impactItem = defineType({
  name: 'impactItem',
  title: 'Why-it-matters item',
  type: 'document',
  fields: [
    defineField({
      name: 'itemId',
      type: 'string',
      validation: (rule) => rule.required().custom(uniqueAcrossType('impactItem', 'itemId')),
    }),
    defineField({
      name: 'type',
      type: 'string',
      options: { list: [...IMPACT_TYPES], layout: 'radio' },
      validation: (rule) => rule.required(),
    }),
    defineField({ name: 'title', type: 'string', validation: (rule) => rule.required() }),
    defineField({ name: 'emoji', type: 'string', validation: (rule) => rule.max(8) }),
    defineField({ name: 'description', type: 'text', rows: 4, validation: (rule) => rule.required() }),
    defineField({ name: 'year', type: 'string', validation: (rule) => rule.regex(/^\d{4}$/) }),
    defineField({ name: 'region', type: 'string' }),
    stringList('bullets'),
    defineField({ name: 'quote', type: 'text', rows: 2 }),
    stringList('tags', undefined, 1),
  ],
  preview: { select: { title: 'title', subtitle: 'type' } },
});

export const farmerStory = defineType({
  name: 'farmerStory',
  title: 'Farmer story',
  type: 'document',
  fields: [
    defineField({ name: 'name', type: 'string', validation: (rule) => rule.required() }),
    defineField({ name: 'place', type: 'string', validation: (rule) => rule.required() }),
    defineField({ name: 'role', type: 'string', validation: (rule) => rule.required() }),
    defineField({ name: 'story', type: 'text', rows: 6, validation: (rule) => rule.required() }),
    defineField({ name: 'quote', type: 'text', rows: 2 }),
    defineField({ name: 'order', type: 'number', validation: (rule) => rule.required().integer() }),
  ],
  preview: { select: { title: 'name', subtitle: 'place' } },
});

export const commitment = defineType({
  name: 'commitment',
  title: 'Commitment',
  type: 'document',
  fields: [
    iconField(),
    defineField({ name: 'title', type: 'string', validation: (rule) => rule.required() }),
    defineField({ name: 'text', type: 'text', rows: 3, validation: (rule) => rule.required() }),
    defineField({ name: 'order', type: 'number', validation: (rule) => rule.required().integer() }),
  ],
  preview: { select: { title: 'title', subtitle: 'icon' } },
});

export const faqEntry = defineType({
  name: 'faqEntry',
  title: 'FAQ entry',
  type: 'document',
  fields: [
    defineField({ name: 'question', type: 'string', validation: (rule) => rule.required() }),
    defineField({ name: 'answer', type: 'text', rows: 4, validation: (rule) => rule.required() }),
    defineField({
      name: 'topic',
      type: 'string',
      options: { list: ['shipping-charges', 'international-shipping', 'organic-certification', 'payment-methods'] },
      validation: (rule) => rule.required(),
    }),
    defineField({ name: 'order', type: 'number', validation: (rule) => rule.required().integer() }),
  ],
  preview: { select: { title: 'question', subtitle: 'topic' } },
});

export const traceabilityBatch = defineType({
  name: 'traceabilityBatch',
  title: 'Traceability batch',
  type: 'document',
  fields: [
    defineField({
      name: 'batchId',
      type: 'string',
      description: 'Printed on the pack and in its QR code, e.g. OUO-GHEE-2025-09-25-001. Never change it.',
      validation: (rule) =>
        rule
          .required()
          .regex(/^[A-Z0-9-]+$/)
          .custom(uniqueAcrossType('traceabilityBatch', 'batchId')),
    }),
    defineField({
      name: 'product',
      type: 'reference',
      to: [{ type: 'product' }],
      validation: (rule) => rule.required(),
    }),
    defineField({ name: 'productName', type: 'string', validation: (rule) => rule.required() }),
    defineField({
      name: 'altitudeM',
      title: 'Altitude (m)',
      type: 'number',
      validation: (rule) => rule.required().positive(),
    }),
    defineField({ name: 'comingSoonNote', type: 'string' }),
    defineField({
      name: 'origin',
      type: 'object',
      validation: (rule) => rule.required(),
      fields: [
        defineField({ name: 'village', type: 'string', validation: (rule) => rule.required() }),
        defineField({ name: 'valley', type: 'string', validation: (rule) => rule.required() }),
        defineField({ name: 'district', type: 'string', validation: (rule) => rule.required() }),
        defineField({ name: 'state', type: 'string' }),
      ],
    }),
    defineField({
      name: 'maker',
      type: 'object',
      validation: (rule) => rule.required(),
      fields: [
        defineField({ name: 'name', type: 'string', validation: (rule) => rule.required() }),
        defineField({ name: 'role', type: 'string', validation: (rule) => rule.required() }),
        defineField({ name: 'note', type: 'text', rows: 2 }),
      ],
    }),
    defineField({
      name: 'herd',
      type: 'object',
      validation: (rule) => rule.required(),
      fields: [
        defineField({ name: 'breed', type: 'string', validation: (rule) => rule.required() }),
        defineField({
          name: 'yieldMinL',
          title: 'Daily yield from (L)',
          type: 'number',
          validation: (rule) => rule.required().positive(),
        }),
        defineField({
          name: 'yieldMaxL',
          title: 'Daily yield to (L)',
          type: 'number',
          validation: (rule) => rule.required().positive(),
        }),
        defineField({ name: 'note', type: 'text', rows: 2 }),
      ],
    }),
    defineField({
      name: 'process',
      title: 'Production specifications',
      type: 'object',
      validation: (rule) => rule.required(),
      fields: [
        defineField({ name: 'method', type: 'string', validation: (rule) => rule.required() }),
        defineField({ name: 'fermentationAcidity', type: 'string', validation: (rule) => rule.required() }),
        defineField({
          name: 'grRatio',
          title: 'Ghee residue ratio',
          type: 'string',
          validation: (rule) => rule.required(),
        }),
        defineField({ name: 'note', type: 'text', rows: 2 }),
      ],
    }),
    defineField({
      name: 'steps',
      type: 'array',
      of: [{ type: 'productionStep' }],
      validation: (rule) => rule.required().min(1),
    }),
  ],
  preview: { select: { title: 'batchId', subtitle: 'productName' } },
});
