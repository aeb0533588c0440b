/** The texts of the pages that are not lists of documents: home, who are we, farmer impact, guides. */
import { defineArrayMember, defineField, defineType } from 'sanity';
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

export const homePage = defineType({
  name: 'homePage',
  title: 'Home page',
  type: 'document',
  fields: [
    defineField({ name: 'heroTitle', type: 'string', validation: (rule) => rule.required() }),
    defineField({ name: 'heroSubtitle', type: 'text', rows: 2, validation: (rule) => rule.required() }),
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
        defineField({
          name: 'webm',
          title: 'Clip (WebM)',
          type: 'file',
          options: { accept: 'video/webm' },
          description: 'What most browsers play. Keep it short and small (about 100 kB): it loops on every visit.',
          validation: (rule) => rule.required(),
        }),
        defineField({
          name: 'mp4',
          title: 'Clip (MP4)',
          type: 'file',
          options: { accept: 'video/mp4' },
          description: 'The same clip for Safari on iPhones and Macs.',
          validation: (rule) => rule.required(),
        }),
      ],
    }),
    cards('tiles', 4),
    copyField('productsTitle', 'The heading over the product cards.', 40),
    copyField('productsButton', 'The button under the product cards.', 30),
    defineField({ name: 'whyChooseTitle', type: 'string', validation: (rule) => rule.required() }),
    cards('whyChooseUs', 6, 'Why choose us'),
    defineField({ name: 'ctaTitle', type: 'string', validation: (rule) => rule.required() }),
    defineField({ name: 'ctaText', type: 'text', rows: 2, validation: (rule) => rule.required() }),
    copyField('ctaButton', "The closing band's button to the products.", 30),
  ],
});

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
    defineField({
      name: 'whyItMattersHeadings',
      title: 'Why it matters: section headings',
      type: 'object',
      description: "The headings over the page's three kinds of item.",
      validation: (rule) => rule.required(),
      fields: [
        copyField('pillars', 'Over the pillars.', 40),
        copyField('statements', 'Over the statements.', 40),
        copyField('projects', 'Over the projects.', 40),
      ],
    }),
  ],
});

export const aboutPage = defineType({
  name: 'aboutPage',
  title: 'Who are we page',
  type: 'document',
  fields: [
    defineField({ name: 'title', type: 'string', validation: (rule) => rule.required() }),
    defineField({ name: 'intro', type: 'text', rows: 3, validation: (rule) => rule.required() }),
    defineField({ name: 'mission', type: 'text', rows: 4, validation: (rule) => rule.required() }),
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

export const farmerImpactPage = defineType({
  name: 'farmerImpactPage',
  title: 'Farmer impact page',
  type: 'document',
  fields: [
    defineField({ name: 'title', type: 'string', validation: (rule) => rule.required() }),
    defineField({ name: 'intro', type: 'text', rows: 3, validation: (rule) => rule.required() }),
    defineField({
      name: 'farmerShareStated',
      title: 'Farmer share we state (%)',
      type: 'number',
      validation: (rule) => rule.required().min(0).max(100),
    }),
    defineField({ name: 'farmerShareBlogClaim', title: 'Farmer share in blog copy', type: 'string' }),
    copyField('shareTitle', 'The heading over the two readings of the farmer share.', 50),
    copyField('shareStatedLabel', 'The label of the share we state.', 40),
    copyField('shareStatedSentence', 'The sentence with the share we state, in bold.', 80, { placeholder: 'share' }),
    copyField('shareBlogLabel', "The label of the blog posts' figure.", 40),
    copyField('shareBlogSentence', "The sentence with the blog posts' figure, in bold.", 80, { placeholder: 'share' }),
    defineField({ name: 'farmerShareNote', type: 'text', rows: 3, validation: (rule) => rule.required() }),
    copyField('valueChainTitle', 'The heading over the value chain chart.', 50),
    copyField('valueChainCaption', "The chart's caption (screen readers announce it as the table's name).", 80),
    defineField({
      name: 'valueChain',
      type: 'array',
      of: [{ type: 'valueChainNode' }],
      validation: (rule) =>
        rule
          .required()
          .min(1)
          .custom((nodes) => {
            const shares = (nodes ?? []).map((node) => (node as { share?: number }).share ?? 0);
            const total = shares.reduce((sum, share) => sum + share, 0);
            return total === 100 ? true : `The shares add up to ${total}; they must add up to 100.`;
          }),
    }),
    copyField('statsTitle', 'The heading over the four figures.', 40),
    stats(4),
    copyField('storiesTitle', 'The heading over the farmer stories.', 40),
    copyField('commitmentsTitle', 'The heading over the commitment cards.', 40),
  ],
});
