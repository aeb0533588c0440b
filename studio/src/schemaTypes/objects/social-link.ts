import { defineField, defineType } from 'sanity';
import { requiredChoice } from '../fields.ts';

export const socialLink = defineType({
  name: 'socialLink',
  type: 'object',
  fields: [
    requiredChoice('platform', ['Instagram', 'Facebook', 'YouTube', 'X', 'LinkedIn']),
    defineField({ name: 'url', type: 'url', validation: (rule) => rule.required().uri({ scheme: ['https'] }) }),
  ],
  preview: { select: { title: 'platform', subtitle: 'url' } },
});
