/**
 * The guides' pages' words: the shared ones, the guides' and their filters'. Only the guides'
 * pages and routes read through this, so the filters' words stay out of the other content pages
 * (docs/architecture.md, "Texts").
 */
import { guideFilters } from './guide-filters.ts';
import { guides } from './guides.ts';
import { shared } from './index.ts';
import { reader } from './read.ts';

export const text = /* @__PURE__ */ reader({ ...shared, guides, guideFilters });
