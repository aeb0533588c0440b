import { FieldError, FormStatus, useSchemaForm } from '../../components/form/index.ts';
import { useToast } from '../../components/toast/index.ts';
import { RATINGS } from '../../shop/texts/review.ts';
import { text } from '../../shop/texts/review-pages.ts';
import { submitReview } from './api.ts';

/** How long the thank-you message stays (docs/shop-rules.md §4). */
export const REVIEW_SUCCESS_MS = 5000;

/**
 * 'Write a Review' for the product with this catalogue id: checked with the schema /api/reviews
 * parses (the submission id is added on sending), published after approval.
 */
export function ReviewForm({ productId }: { productId: number }) {
  const toast = useToast();
  const form = useSchemaForm({
    schema: (schemas) => schemas.reviewSubmissionSchema.omit({ submissionId: true }),
    successMs: REVIEW_SUCCESS_MS,
    onValid: async (review, element, submissionId) => {
      const result = await submitReview({ ...review, submissionId });
      if (!result.ok) {
        console.warn('Review not sent:', result.message);
        return 'error';
      }
      element.reset();
      // The page goes to the top (docs/shop-rules.md §4), so the thanks must be said there too: a
      // toast for as long as the message under the form stays.
      window.scrollTo({ top: 0, behavior: 'smooth' });
      toast.show({ type: 'success', message: text('review.success'), duration: REVIEW_SUCCESS_MS });
      return 'success';
    },
  });
  const { id, status, field } = form;

  return (
    <section className="review-form card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{text('reviewPage.writeAReview')}</h2>
      <form onSubmit={form.onSubmit} noValidate aria-labelledby={`${id}-title`}>
        <input type="hidden" name="productId" value={productId} />
        <div className="form-grid">
          <div className="form-field">
            <label htmlFor={field('name').id}>{text('reviewPage.yourName')}</label>
            <input {...field('name')} type="text" autoComplete="name" required />
            <FieldError form={form} name="name" />
          </div>
          <div className="form-field">
            <label htmlFor={field('email').id}>{text('reviewPage.yourEmail')}</label>
            <input {...field('email')} type="email" autoComplete="email" required />
            <FieldError form={form} name="email" />
          </div>
          <div className="form-field">
            <label htmlFor={field('rating').id}>{text('reviewPage.rating')}</label>
            {/* Always has a value (5 by default), so not `required`: HTML allows that only on a select
                whose first option is an empty placeholder. The asterisk is still said. */}
            <select {...field('rating')} aria-required="true" defaultValue="5">
              {RATINGS.map((rating) => (
                <option key={rating} value={rating}>
                  {rating} - {text(`review.rating.${rating}`)}
                </option>
              ))}
            </select>
            <FieldError form={form} name="rating" />
          </div>
          <div className="form-field">
            <label htmlFor={field('location').id}>{text('reviewPage.locationOptional')}</label>
            <input
              {...field('location')}
              type="text"
              autoComplete="address-level2"
              placeholder={text('reviewPage.cityState')}
            />
            <FieldError form={form} name="location" />
          </div>
          <div className="form-field form-field--wide">
            <label htmlFor={field('review').id}>{text('reviewPage.yourReview')}</label>
            <textarea {...field('review')} rows={5} required />
            <FieldError form={form} name="review" />
          </div>
          <div className="visually-hidden">
            <label htmlFor={field('website').id}>{text('reviewPage.leaveThisFieldEmpty')}</label>
            <input {...field('website')} type="text" tabIndex={-1} autoComplete="off" />
          </div>
        </div>
        <button type="submit" className="button" disabled={status === 'submitting'}>
          {status === 'submitting' ? text('review.submitting') : text('review.submit')}
        </button>
        {/* On success the page has gone to the top, where the toast says thank you. */}
        <FormStatus
          status={status}
          success={text('review.success')}
          error={text('review.error')}
          reveal={status !== 'success'}
        />
      </form>
    </section>
  );
}
