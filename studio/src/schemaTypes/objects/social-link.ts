import { defineField, defineType } from 'sanity';

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
