/** A product's reviews and the review form: the shared words and the reviews' (docs/architecture.md, "Texts"). */
import { shared } from './index.ts';
import { reader } from './read.ts';
import { review } from './review.ts';
import { reviewPage } from './review-page.ts';

export const text = /* @__PURE__ */ reader({ ...shared, review, reviewPage });
