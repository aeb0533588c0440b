import { defineField, defineType } from 'sanity';
import { requiredString, requiredText } from '../fields.ts';

export const productionStep = defineType({
  name: 'productionStep',
  title: 'Production step',
  type: 'object',
  fields: [
    requiredString('stepId'),
    defineField({
      name: 'code',
      type: 'string',
      description: 'Short code printed in the batch record, e.g. BOIL.',
      validation: (rule) => rule.required().regex(/^[A-Z]{2,6}$/),
    }),
    requiredString('title'),
    defineField({ name: 'date', type: 'datetime', validation: (rule) => rule.required() }),
    requiredString('by', 'Done by'),
    requiredText('details', 3),
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
