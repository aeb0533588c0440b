import { defineArrayMember, defineField, defineType } from 'sanity';
import { copyField, copyGroup } from './fields.ts';

/** The introductions of the pages whose items are their own documents (posts, recipes, nutrition, impact). */
export const guidePages = defineType({
  name: 'guidePages',
  title: 'Blog, recipes, nutrition and why-it-matters pages',
  type: 'document',
  fields: [
    copyField('blogIntro', 'Under the heading of /blog.', 240, { rows: 3 }),
    copyField('recipesIntro', 'Under the heading of /who-are-we/recipes.', 200, { rows: 2 }),
    defineField({
      name: 'ingredientChips',
      title: 'Recipes: ingredient chips',
      type: 'array',
      of: [defineArrayMember({ type: 'string', validation: (rule) => rule.required().max(24) })],
      description:
        "The ingredient filters on /who-are-we/recipes. A chip matches a recipe whose ingredients name it (any case), so use the ingredients' own words.",
      validation: (rule) => rule.required().min(1).max(10).unique(),
    }),
    copyField('nutritionIntro', 'Under the heading of /nutrition.', 200, { rows: 2 }),
    copyField('whyItMattersIntro', 'Under the heading of /why-it-matters.', 200, { rows: 2 }),
    copyGroup(
      'whyItMattersHeadings',
      'Why it matters: section headings',
      "The headings over the page's three kinds of item.",
      [
        copyField('pillars', 'Over the pillars.', 40),
        copyField('statements', 'Over the statements.', 40),
        copyField('projects', 'Over the projects.', 40),
      ],
    ),
  ],
});
