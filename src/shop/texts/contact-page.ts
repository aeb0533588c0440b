/** The contact page's own words and its FAQ heading (src/features/contact); the form's answers are contact.ts. Interface words, not quoted in docs/shop-rules.md. */
export const contactPage = {
  sendUsAMessage: 'Send us a message',
  fullName: 'Full Name *',
  emailAddress: 'Email Address *',
  phoneOptional: 'Phone (optional)',
  n91XxxxxXxxxx: '+91 XXXXX XXXXX',
  subject: 'Subject *',
  message: 'Message *',
  leaveThisFieldEmpty: 'Leave this field empty',
  contactUs: 'Contact Us',
  getInTouch: 'Get in touch',
  address: 'Address',
  phone: 'Phone',
  email: 'Email',
  followUs: 'Follow us',
  frequentlyAskedQuestions: 'Frequently Asked Questions',
  followUsOnSocialMedia: 'Follow us on social media',
  /** The contact route's head. */
  headTitle: 'Contact us — {shopName}',
  headDescription:
    'Questions about an order, our farms or our products? Call, email or send us a message; answers to common questions on shipping, organic certification and payment.',
} as const;
