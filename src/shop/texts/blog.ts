/** The blog and the policies' pages (src/features/blog). Interface words, not quoted in docs/shop-rules.md. */
export const blog = {
  ourBlog: 'Our Blog',
  emailAddress: 'Email address',
  yourEmailAddress: 'Your email address',
  subscribe: 'Subscribe',
  policyNotFound: 'Policy not found',
  weCouldNotFind: 'We could not find that page. Our policies are listed below and in the footer.',
  lastUpdated: 'Last updated',
  ourPolicies: 'Our policies',
  readMore: 'Read More',
  by: 'By',
  backToBlog: '← Back to Blog',
  relatedPosts: 'Related posts',
  blogPostNotFound: 'Blog post not found',
  weCouldNotFind2: 'We could not find that post. It may have moved, or the address may be mistyped.',
  backToBlog2: 'Back to Blog',
  readMoreOf: 'Read More: {title}',
  /** The blog's and policies' route heads. */
  headDescription: 'Stories, recipes and know-how from the Himalayan villages where our food is grown.',
} as const;
