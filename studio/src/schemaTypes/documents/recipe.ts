import { defineField, defineType } from 'sanity';
import { RECIPE_OCCASIONS } from '../../../../src/shop/vocabulary.ts';
import { requiredChoice, requiredString, stringList } from '../fields.ts';
import { uniqueAcrossType } from '../rules.ts';

export const recipe = defineType({
  name: 'recipe',
  title: 'Recipe',
  type: 'document',
  fields: [
    defineField({
      name: 'recipeId',
      title: 'Recipe id',
      type: 'string',
      description: 'rcp-1, rcp-2, …',
      validation: (rule) =>
        rule
          .required()
          .regex(/^rcp-\d+$/)
          .custom(uniqueAcrossType('recipe', 'recipeId')),
    }),
    defineField({ name: 'title', type: 'string', validation: (rule) => rule.required().max(100) }),
    defineField({ name: 'emoji', type: 'string', validation: (rule) => rule.required().max(8) }),
    requiredChoice('occasion', RECIPE_OCCASIONS),
    defineField({
      name: 'calories',
      title: 'Calories per serving',
      type: 'number',
      description: 'The recipe filter slider runs from 200 to 700.',
      validation: (rule) => rule.required().integer().min(200).max(700),
    }),
    defineField({
      name: 'time',
      title: 'Time (minutes)',
      type: 'number',
      validation: (rule) => rule.required().integer().positive(),
    }),
    defineField({ name: 'serves', type: 'number', validation: (rule) => rule.integer().positive() }),
    stringList('ingredients', undefined, 2),
    requiredString('quickTip'),
    stringList('steps', undefined, 2),
    stringList('tags', undefined, 1),
  ],
  preview: { select: { title: 'title', subtitle: 'occasion' } },
});
