import { defineField, defineType } from 'sanity';
import { requiredString, requiredText } from '../fields.ts';
import { copyField, stats } from './fields.ts';

export const farmerImpactPage = defineType({
  name: 'farmerImpactPage',
  title: 'Farmer impact page',
  type: 'document',
  fields: [
    requiredString('title'),
    requiredText('intro', 3),
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
    requiredText('farmerShareNote', 3),
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
