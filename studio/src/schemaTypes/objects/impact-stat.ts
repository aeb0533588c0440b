import { defineField, defineType } from 'sanity';

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
