import { defineField, defineType } from 'sanity';

export const variant = defineType({
  name: 'variant',
  title: 'Size and price',
  type: 'object',
  fields: [
    defineField({
      name: 'size',
      type: 'string',
      description: 'The label shoppers choose, e.g. "500gm" or "1kg".',
      validation: (rule) => rule.required().max(20),
    }),
    defineField({
      name: 'price',
      title: 'Price (₹, GST included)',
      type: 'number',
      validation: (rule) => rule.required().integer().positive(),
    }),
    defineField({
      name: 'stock',
      type: 'number',
      validation: (rule) => rule.required().integer().min(0),
    }),
    defineField({
      name: 'weight',
      title: 'Weight (grams)',
      type: 'number',
      description: 'Used for shipping quotes: the packed weight in grams.',
      validation: (rule) => rule.required().integer().positive(),
    }),
  ],
  preview: {
    select: { size: 'size', price: 'price', stock: 'stock' },
    prepare: ({ size, price, stock }) => ({ title: `${size} — ₹${price}`, subtitle: `${stock} in stock` }),
  },
});
