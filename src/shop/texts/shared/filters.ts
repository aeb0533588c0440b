/** The products page's filters (src/features/filters). Interface words, not quoted in docs/shop-rules.md. */
export const filters = {
  search: 'Search',
  resetFilters: 'Reset filters',
  tags: 'Tags',
} as const;
