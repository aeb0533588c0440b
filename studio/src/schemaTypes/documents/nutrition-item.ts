import { defineField, defineType } from 'sanity';
import { stringList } from '../fields.ts';
import { uniqueAcrossType } from '../rules.ts';

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
