import { defineField, defineType } from 'sanity';
import { requiredString } from '../fields.ts';

export const valueChainNode = defineType({
  name: 'valueChainNode',
  title: 'Value chain step',
  type: 'object',
  fields: [
    requiredString('node', 'Who or what'),
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
