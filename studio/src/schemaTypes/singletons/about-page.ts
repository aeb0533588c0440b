import { defineArrayMember, defineField, defineType } from 'sanity';
import { requiredString, requiredText } from '../fields.ts';
import { cards, copyField, stats } from './fields.ts';

/** The story pages the Who are we page may link to. */
const STORY_PAGES = [
  { value: '/who-are-we/traceability', title: 'Traceability (/who-are-we/traceability)' },
  { value: '/who-are-we/farmer-impact', title: 'Farmer impact (/who-are-we/farmer-impact)' },
  { value: '/who-are-we/recipes', title: 'Recipes (/who-are-we/recipes)' },
  { value: '/nutrition', title: 'Nutrition (/nutrition)' },
  { value: '/why-it-matters', title: 'Why it matters (/why-it-matters)' },
  { value: '/blog', title: 'Blog (/blog)' },
] as const;

export const aboutPage = defineType({
  name: 'aboutPage',
  title: 'Who are we page',
  type: 'document',
  fields: [
    requiredString('title'),
    requiredText('intro', 3),
    requiredText('mission', 4),
    copyField('valuesTitle', 'The heading over the four values.', 40),
    cards('values', 4),
    copyField('impactTitle', 'The heading over the four figures.', 40),
    stats(4),
    copyField('exploreTitle', 'The heading over the links to the story pages.', 40),
    defineField({
      name: 'quickLinks',
      title: 'Links to the story pages',
      type: 'array',
      description: 'The cards at the foot of the page, in this order: each a page of the story and its words.',
      of: [
        defineArrayMember({
          type: 'object',
          name: 'storyLink',
          fields: [
            defineField({ name: 'label', type: 'string', validation: (rule) => rule.required().max(30) }),
            defineField({
              name: 'path',
              title: 'Page',
              type: 'string',
              options: { list: [...STORY_PAGES], layout: 'dropdown' },
              validation: (rule) => rule.required(),
            }),
          ],
          preview: { select: { title: 'label', subtitle: 'path' } },
        }),
      ],
      validation: (rule) => rule.required().min(1).max(6),
    }),
  ],
});
