import { defineField, defineType } from 'sanity';
import { uniqueAcrossType } from '../rules.ts';

/** The policies an Indian online shop must publish (and Razorpay checks before activation). */
export const STANDARD_POLICY_SLUGS = ['shipping', 'returns', 'privacy', 'terms', 'grievance'];

export const POLICY_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const policyPage = defineType({
  name: 'policyPage',
  title: 'Policy page',
  type: 'document',
  fields: [
    defineField({
      name: 'slug',
      title: 'Address',
      type: 'string',
      description: `Appears in the address /policies/{slug}. Every policy gets a footer link; the checkout links to terms and privacy. The standard ones are ${STANDARD_POLICY_SLUGS.join(', ')}; other pages may use any lower-case slug (letters, digits, hyphens).`,
      validation: (rule) =>
        rule.required().regex(POLICY_SLUG_PATTERN, { name: 'slug' }).custom(uniqueAcrossType('policyPage', 'slug')),
    }),
    defineField({ name: 'title', type: 'string', validation: (rule) => rule.required().max(80) }),
    defineField({
      name: 'footerLabel',
      title: 'Footer link',
      type: 'string',
      description: "The link's words in every page's footer and in the policy pages' own list. Keep it short.",
      validation: (rule) => rule.required().max(28),
    }),
    defineField({
      name: 'footerOrder',
      title: 'Place in the footer',
      type: 'number',
      description: 'The footer lists the policies from the lowest number to the highest.',
      validation: (rule) => rule.required().integer().min(1),
    }),
    defineField({
      name: 'summary',
      type: 'text',
      rows: 3,
      description: 'One or two sentences shown under the title and in search results.',
      validation: (rule) => rule.required().min(20).max(300),
    }),
    defineField({
      name: 'body',
      type: 'blockContent',
      // The headings are WHAT_HAPPENS_NEXT_HEADINGS in src/content/policy-sections.ts.
      description:
        "In the shipping policy, the sections under the headings 'When your order leaves us' and 'How long delivery takes' also appear on every order page, under 'What happens next'. Keep those headings (a renamed one drops out of the order page).",
      validation: (rule) => rule.required().min(1),
    }),
    defineField({
      name: 'updatedAt',
      title: 'Last updated',
      type: 'date',
      validation: (rule) => rule.required(),
    }),
  ],
  orderings: [{ title: 'Address', name: 'slugAsc', by: [{ field: 'slug', direction: 'asc' }] }],
  preview: { select: { title: 'title', subtitle: 'slug' } },
});
