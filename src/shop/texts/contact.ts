/** The contact form (docs/shop-rules.md §3, §8). Quoted word for word in docs/shop-rules.md §8 (src/shop/texts/shop-rules.test.ts): change both together. */
export const contact = {
  send: 'Send Message',
  sending: 'Sending...',
  success: "Thank you for your message! We'll get back to you soon.",
  /** The form's failure, and the server's message for any failed message (§8). */
  error: 'Sorry, there was an error submitting your message. Please try again or email us directly.',
} as const;
