import { defineField, defineType } from 'sanity';
import { requiredString, requiredText } from '../fields.ts';
import { cards, copyField } from './fields.ts';

/** One encoding of the hero clip: a file of that video type (`video/webm`, `video/mp4`), required. */
const clip = (format: 'webm' | 'mp4', title: string, description: string) =>
  defineField({
    name: format,
    title,
    type: 'file',
    options: { accept: `video/${format}` },
    description,
    validation: (rule) => rule.required(),
  });

export const homePage = defineType({
  name: 'homePage',
  title: 'Home page',
  type: 'document',
  fields: [
    requiredString('heroTitle'),
    requiredText('heroSubtitle', 2),
    copyField('heroButton', "The hero's button to the products.", 30),
    defineField({
      name: 'heroVideo',
      title: 'Hero: background clip',
      type: 'object',
      description:
        "The silent clip that loops behind the home page's heading. The still shows first, and alone for shoppers who ask their phone for less motion.",
      validation: (rule) => rule.required(),
      fields: [
        defineField({
          name: 'poster',
          title: 'Still',
          type: 'image',
          description: 'A frame of the clip, 16:9 and at least 960 px wide. It is the first thing the home page draws.',
          validation: (rule) => rule.required(),
        }),
        clip(
          'webm',
          'Clip (WebM)',
          'What most browsers play. Keep it short and small (about 100 kB): it loops on every visit.',
        ),
        clip('mp4', 'Clip (MP4)', 'The same clip for Safari on iPhones and Macs.'),
      ],
    }),
    cards('tiles', 4),
    copyField('productsTitle', 'The heading over the product cards.', 40),
    copyField('productsButton', 'The button under the product cards.', 30),
    requiredString('whyChooseTitle'),
    cards('whyChooseUs', 6, 'Why choose us'),
    requiredString('ctaTitle'),
    requiredText('ctaText', 2),
    copyField('ctaButton', "The closing band's button to the products.", 30),
  ],
});
