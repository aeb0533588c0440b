import { defineField, defineType } from 'sanity';
import { IMPACT_TYPES } from '../../../../src/shop/vocabulary.ts';
import { requiredChoice, requiredString, requiredText, stringList } from '../fields.ts';
import { uniqueAcrossType } from '../rules.ts';

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
    requiredChoice('type', IMPACT_TYPES, 'radio'),
    requiredString('title'),
    defineField({ name: 'emoji', type: 'string', validation: (rule) => rule.max(8) }),
    requiredText('description', 4),
    defineField({ name: 'year', type: 'string', validation: (rule) => rule.regex(/^\d{4}$/) }),
    defineField({ name: 'region', type: 'string' }),
    stringList('bullets'),
    defineField({ name: 'quote', type: 'text', rows: 2 }),
    stringList('tags', undefined, 1),
  ],
  preview: { select: { title: 'title', subtitle: 'type' } },
});
