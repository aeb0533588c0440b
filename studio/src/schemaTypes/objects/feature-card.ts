import { defineField, defineType } from 'sanity';
import { iconField } from '../fields.ts';

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
