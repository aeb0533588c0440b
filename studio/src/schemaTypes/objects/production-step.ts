import { defineField, defineType } from 'sanity';

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
