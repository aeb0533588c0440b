import { defineField, defineType } from 'sanity';

export const faqEntry = defineType({
  name: 'faqEntry',
  title: 'FAQ entry',
  type: 'document',
  fields: [
    defineField({ name: 'question', type: 'string', validation: (rule) => rule.required() }),
    defineField({ name: 'answer', type: 'text', rows: 4, validation: (rule) => rule.required() }),
    defineField({
      name: 'topic',
      type: 'string',
      options: { list: ['shipping-charges', 'international-shipping', 'organic-certification', 'payment-methods'] },
      validation: (rule) => rule.required(),
    }),
    defineField({ name: 'order', type: 'number', validation: (rule) => rule.required().integer() }),
  ],
  preview: { select: { title: 'question', subtitle: 'topic' } },
});
