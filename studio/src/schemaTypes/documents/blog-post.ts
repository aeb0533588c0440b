import { defineField, defineType } from 'sanity';
import { BLOG_CATEGORIES } from '../../../../src/shop/vocabulary.ts';
import { imageWithAlt, requiredChoice, requiredString } from '../fields.ts';
import { uniqueAcrossType } from '../rules.ts';

export const blogPost = defineType({
  name: 'blogPost',
  title: 'Blog post',
  type: 'document',
  fields: [
    defineField({
      name: 'id',
      title: 'Post number',
      type: 'number',
      description: 'Appears in the address /blog/{number}.',
      validation: (rule) => rule.required().integer().positive().custom(uniqueAcrossType('blogPost', 'id')),
    }),
    defineField({ name: 'title', type: 'string', validation: (rule) => rule.required().max(120) }),
    defineField({ name: 'excerpt', type: 'text', rows: 3, validation: (rule) => rule.required().min(40).max(300) }),
    defineField({ ...imageWithAlt, name: 'image', validation: (rule) => rule.required() }),
    defineField({ name: 'date', type: 'date', validation: (rule) => rule.required() }),
    requiredChoice('category', BLOG_CATEGORIES),
    defineField({
      name: 'readTime',
      type: 'string',
      description: 'e.g. "6 min read".',
      validation: (rule) => rule.required().regex(/^\d+ min read$/),
    }),
    requiredString('author'),
    defineField({ name: 'body', type: 'blockContent', validation: (rule) => rule.required().min(1) }),
  ],
  orderings: [{ title: 'Newest first', name: 'dateDesc', by: [{ field: 'date', direction: 'desc' }] }],
  preview: { select: { title: 'title', subtitle: 'category', media: 'image' } },
});
