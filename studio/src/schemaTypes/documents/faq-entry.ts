import { defineType } from 'sanity';
import { orderField, requiredChoice, requiredString, requiredText } from '../fields.ts';

export const faqEntry = defineType({
  name: 'faqEntry',
  title: 'FAQ entry',
  type: 'document',
  fields: [
    requiredString('question'),
    requiredText('answer', 4),
    requiredChoice('topic', ['shipping-charges', 'international-shipping', 'organic-certification', 'payment-methods']),
    orderField(),
  ],
  preview: { select: { title: 'question', subtitle: 'topic' } },
});
