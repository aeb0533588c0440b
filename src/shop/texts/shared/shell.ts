/** The shell's words: header, footer, chat button, the 404 message, the preview banner (src/features/shell). Interface words, not quoted in docs/shop-rules.md. */
export const shell = {
  chatWithUsOn: 'Chat with us on WhatsApp (opens in a new tab)',
  quickLinks: 'Quick links',
  ourProducts: 'Our products',
  policies: 'Policies',
  contactUs: 'Contact us',
  main: 'Main',
  seeOurOrganicProducts: 'See our organic products',
  pageNotFound: 'Page not found',
  pageMayHaveMoved: 'We could not find that page. It may have moved.',
  previewYouAreSeeing: 'Preview: you are seeing drafts, not what shoppers see.',
  leaveThePreview: 'Leave the preview',
} as const;
