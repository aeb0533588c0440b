/** Field shapes that documents, objects and singletons share (one home, not one per type). */
import { defineArrayMember, defineField } from 'sanity';
import { CONTENT_ICONS } from '../../../src/shop/vocabulary.ts';

/**
 * A card's icon, picked from the shop's own drawn set (src/components/content-icons.tsx), so it
 * looks the same on every phone; emoji do not.
 */
export const iconField = () =>
  defineField({
    name: 'icon',
    type: 'string',
    description: "The small picture above the card's title, drawn in the shop's green.",
    options: { list: CONTENT_ICONS.map((icon) => ({ value: icon.value, title: icon.title })), layout: 'dropdown' },
    validation: (rule) => rule.required(),
  });

/** An image with the alt text every picture on the site needs. */
export const imageWithAlt = defineArrayMember({
  type: 'image',
  options: { hotspot: true },
  fields: [
    defineField({
      name: 'alt',
      title: 'Alternative text',
      type: 'string',
      description: 'What the picture shows, for shoppers using a screen reader.',
      validation: (rule) => rule.required().min(5).max(200),
    }),
  ],
});

/** A list of strings; `min` > 0 makes it required with at least that many. */
export const stringList = (name: string, title?: string, min = 0) =>
  defineField({
    name,
    ...(title ? { title } : {}),
    type: 'array',
    of: [{ type: 'string' }],
    validation: (rule) => (min > 0 ? rule.required().min(min) : rule),
  });

/** A string the editor must fill in; `title` where the field's name alone would not say what it is. */
export const requiredString = (name: string, title?: string) =>
  defineField({ name, ...(title ? { title } : {}), type: 'string', validation: (rule) => rule.required() });

/** A text of `rows` lines the editor must fill in. */
export const requiredText = (name: string, rows: number) =>
  defineField({ name, type: 'text', rows, validation: (rule) => rule.required() });

/** Where an item stands in its list on the site: a whole number, required. */
export const orderField = () =>
  defineField({ name: 'order', type: 'number', validation: (rule) => rule.required().integer() });

/** One of a fixed list the editor must pick; `radio` shows the list as buttons rather than a drop-down. */
export const requiredChoice = (name: string, list: readonly string[], layout?: 'radio') =>
  defineField({
    name,
    type: 'string',
    options: { list: [...list], ...(layout ? { layout } : {}) },
    validation: (rule) => rule.required(),
  });
