import { defineType } from 'sanity';
import { iconField, orderField, requiredString, requiredText } from '../fields.ts';

export const commitment = defineType({
  name: 'commitment',
  title: 'Commitment',
  type: 'document',
  fields: [iconField(), requiredString('title'), requiredText('text', 3), orderField()],
  preview: { select: { title: 'title', subtitle: 'icon' } },
});
