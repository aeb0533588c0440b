import { defineField, defineType } from 'sanity';

export const farmerStory = defineType({
  name: 'farmerStory',
  title: 'Farmer story',
  type: 'document',
  fields: [
    defineField({ name: 'name', type: 'string', validation: (rule) => rule.required() }),
    defineField({ name: 'place', type: 'string', validation: (rule) => rule.required() }),
    defineField({ name: 'role', type: 'string', validation: (rule) => rule.required() }),
    defineField({ name: 'story', type: 'text', rows: 6, validation: (rule) => rule.required() }),
    defineField({ name: 'quote', type: 'text', rows: 2 }),
    defineField({ name: 'order', type: 'number', validation: (rule) => rule.required().integer() }),
  ],
  preview: { select: { title: 'name', subtitle: 'place' } },
});
