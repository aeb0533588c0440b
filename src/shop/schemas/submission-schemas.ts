/**
 * Reviews and contact messages (docs/shop-rules.md §3, §11): what the forms send, with the
 * honeypot and the submission id, and what the shop answers: the published reviews and every
 * product's stars. Re-exported by schemas.ts.
 */
import { z } from 'zod';
import { text } from '../texts/schemas.ts';
import { contactFormSchema, honeypot, reviewFormSchema, submissionIdSchema, wholeNumber } from './form-schemas.ts';

/** The product a review is about: its catalogue id (a form's hidden field sends it as text). */
const productIdSchema = wholeNumber(text('request.productId')).pipe(z.number().positive(text('request.productId')));

/**
 * POST /api/reviews: the form's fields, the product's catalogue id, the honeypot and the
 * submission id. The form itself checks the same schema without the id, which it adds on sending.
 */
export const reviewSubmissionSchema = reviewFormSchema.extend({
  productId: productIdSchema,
  ...honeypot,
  submissionId: submissionIdSchema,
});
export type ReviewSubmission = z.infer<typeof reviewSubmissionSchema>;

/** POST /api/contact: the form's fields, the honeypot and the submission id. */
export const contactSubmissionSchema = contactFormSchema.extend({ ...honeypot, submissionId: submissionIdSchema });
export type ContactSubmission = z.infer<typeof contactSubmissionSchema>;

/** What the browser may see of a review: never the email. */
export const publicReviewSchema = z.object({
  id: z.string(),
  product: z.string(),
  customer: z.string(),
  location: z.string(),
  rating: z.number().int().min(1).max(5),
  source: z.string(),
  date: z.string(),
  review: z.string(),
});
export type PublicReview = z.infer<typeof publicReviewSchema>;

export const reviewsResponseSchema = z.object({
  reviews: z.array(publicReviewSchema),
  average: z.number().min(0).max(5),
  count: z.number().int().nonnegative(),
});
export type ReviewsResponse = z.infer<typeof reviewsResponseSchema>;

/** GET /api/reviews without a product: every product's stars, for the product cards, by catalogue id. */
export const reviewSummariesResponseSchema = z.object({
  summaries: z.array(
    z.object({
      productId: z.number().int().positive(),
      product: z.string(),
      average: z.number().min(0).max(5),
      count: z.number().int().nonnegative(),
    }),
  ),
});
export type ReviewSummariesResponse = z.infer<typeof reviewSummariesResponseSchema>;

/** POST /api/reviews and POST /api/contact answer this when the submission is accepted. */
export const submissionAcceptedSchema = z.object({ success: z.literal(true) });
export type SubmissionAccepted = z.infer<typeof submissionAcceptedSchema>;
