import { defineField, defineType } from 'sanity';
import { orderField, requiredString, requiredText } from '../fields.ts';

export const faqEntry = defineType({
  name: 'faqEntry',
  title: 'FAQ entry',
  type: 'document',
  fields: [
    requiredString('question'),
    requiredText('answer', 4),
    defineField({
      name: 'topic',
      type: 'string',
      options: { list: ['shipping-charges', 'international-shipping', 'organic-certification', 'payment-methods'] },
      validation: (rule) => rule.required(),
    }),
    orderField(),
  ],
  preview: { select: { title: 'question', subtitle: 'topic' } },
});
