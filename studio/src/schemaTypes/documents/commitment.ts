import { defineField, defineType } from 'sanity';
import { iconField } from '../fields.ts';

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
