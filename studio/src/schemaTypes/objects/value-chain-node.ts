import { defineField, defineType } from 'sanity';

export const valueChainNode = defineType({
  name: 'valueChainNode',
  title: 'Value chain step',
  type: 'object',
  fields: [
    defineField({ name: 'node', title: 'Who or what', type: 'string', validation: (rule) => rule.required() }),
    defineField({
      name: 'share',
      title: 'Rupees of every ₹100',
      type: 'number',
      validation: (rule) => rule.required().min(0).max(100),
    }),
    defineField({ name: 'note', type: 'string' }),
  ],
  preview: {
    select: { node: 'node', share: 'share' },
    prepare: ({ node, share }) => ({ title: `${node}: ₹${share}` }),
  },
});
