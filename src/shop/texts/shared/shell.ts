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
  /** The header's and footer's links, and the breadcrumbs' steps to the same pages. */
  nav: {
    home: 'Home',
    whoAreWe: 'Who Are We',
    organicProducts: 'Organic Products',
    blog: 'Blog',
    contact: 'Contact',
    trackYourOrder: 'Track your order',
  },
  followUs: 'Follow us',
  /** The cart link's name before the page is live (then the early script's cartLinkLabel). */
  cart: 'Cart',
} as const;
