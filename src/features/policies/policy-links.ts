/** The policy pages every shopper can reach from the footer; their text lives in the content source. */
export const POLICY_LINKS = [
  { slug: 'shipping', label: 'Shipping & Delivery' },
  { slug: 'returns', label: 'Returns & Refunds' },
  { slug: 'privacy', label: 'Privacy Policy' },
  { slug: 'terms', label: 'Terms & Conditions' },
  { slug: 'grievance', label: 'Grievance Officer' },
] as const;

export type PolicySlug = (typeof POLICY_LINKS)[number]['slug'];

export const policyPath = (slug: string) => `/policies/${slug}`;
