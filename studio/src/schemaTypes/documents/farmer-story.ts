import { defineField, defineType } from 'sanity';
import { orderField, requiredString, requiredText } from '../fields.ts';

export const farmerStory = defineType({
  name: 'farmerStory',
  title: 'Farmer story',
  type: 'document',
  fields: [
    requiredString('name'),
    requiredString('place'),
    requiredString('role'),
    requiredText('story', 6),
    defineField({ name: 'quote', type: 'text', rows: 2 }),
    orderField(),
  ],
  preview: { select: { title: 'name', subtitle: 'place' } },
});
