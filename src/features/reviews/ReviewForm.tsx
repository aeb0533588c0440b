import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { submitReview } from './api.ts';

export const REVIEW_TEXTS = {
  submit: 'Submit Review',
  submitting: 'Submitting...',
  success: 'Thank you for your review! It will be published after approval.',
  error: 'Oops! Something went wrong. Please try again.',
} as const;

/** How long the thank-you message stays (docs/shop-rules.md §4). */
export const REVIEW_SUCCESS_MS = 5000;

/** Kept here rather than imported from the schemas, so zod loads only when the form is sent. */
const RATINGS = [
  { value: '5', label: 'Excellent' },
  { value: '4', label: 'Very Good' },
  { value: '3', label: 'Good' },
  { value: '2', label: 'Fair' },
  { value: '1', label: 'Poor' },
] as const;

type FieldName = 'name' | 'email' | 'rating' | 'review' | 'location';
type Fields = Record<FieldName | 'website', string>;
type Status = 'idle' | 'submitting' | 'success' | 'error';

const EMPTY: Fields = { name: '', email: '', rating: '5', review: '', location: '', website: '' };

/** 'Write a Review': validated in the browser, sent to /api/reviews, published after approval. */
export function ReviewForm({ product }: { product: string }) {
  const id = useId();
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [status, setStatus] = useState<Status>('idle');
  const hideTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(hideTimer.current), []);

  const set = (name: keyof Fields) => (event: { target: { value: string } }) =>
    setFields((current) => ({ ...current, [name]: event.target.value }));

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (status === 'submitting') return;
    clearTimeout(hideTimer.current);
    setStatus('submitting');
    try {
      const { reviewFormSchema } = await import('../../shop/schemas.ts');
      const { website, ...form } = fields;
      const parsed = reviewFormSchema.safeParse(form);
      if (!parsed.success) {
        const next: Partial<Record<FieldName, string>> = {};
        for (const issue of parsed.error.issues) {
          const field = issue.path[0] as FieldName;
          next[field] ??= issue.message;
        }
        setErrors(next);
        setStatus('idle');
        return;
      }
      setErrors({});
      const result = await submitReview({ ...parsed.data, product, website });
      if (!result.ok) {
        console.warn('Review not sent:', result.message);
        setStatus('error');
        return;
      }
      setFields(EMPTY);
      setStatus('success');
      window.scrollTo({ top: 0, behavior: 'smooth' });
      hideTimer.current = setTimeout(() => setStatus('idle'), REVIEW_SUCCESS_MS);
    } catch (error) {
      console.warn('Review not sent:', error);
      setStatus('error');
    }
  };

  const describedBy = (name: FieldName) => (errors[name] ? `${id}-${name}-error` : undefined);
  const error = (name: FieldName) =>
    errors[name] && (
      <p id={`${id}-${name}-error`} className="form-field__error">
        {errors[name]}
      </p>
    );

  return (
    <section className="review-form card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Write a Review</h2>
      <form onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
        <div className="form-grid">
          <div className="form-field">
            <label htmlFor={`${id}-name`}>Your Name *</label>
            <input
              id={`${id}-name`}
              name="name"
              type="text"
              autoComplete="name"
              required
              value={fields.name}
              onChange={set('name')}
              aria-invalid={errors.name ? true : undefined}
              aria-describedby={describedBy('name')}
            />
            {error('name')}
          </div>
          <div className="form-field">
            <label htmlFor={`${id}-email`}>Your Email *</label>
            <input
              id={`${id}-email`}
              name="email"
              type="email"
              autoComplete="email"
              required
              value={fields.email}
              onChange={set('email')}
              aria-invalid={errors.email ? true : undefined}
              aria-describedby={describedBy('email')}
            />
            {error('email')}
          </div>
          <div className="form-field">
            <label htmlFor={`${id}-rating`}>Rating *</label>
            <select
              id={`${id}-rating`}
              name="rating"
              required
              value={fields.rating}
              onChange={set('rating')}
              aria-invalid={errors.rating ? true : undefined}
              aria-describedby={describedBy('rating')}
            >
              {RATINGS.map((rating) => (
                <option key={rating.value} value={rating.value}>
                  {rating.value} - {rating.label}
                </option>
              ))}
            </select>
            {error('rating')}
          </div>
          <div className="form-field">
            <label htmlFor={`${id}-location`}>Location (optional)</label>
            <input
              id={`${id}-location`}
              name="location"
              type="text"
              autoComplete="address-level2"
              placeholder="City, State"
              value={fields.location}
              onChange={set('location')}
              aria-invalid={errors.location ? true : undefined}
              aria-describedby={describedBy('location')}
            />
            {error('location')}
          </div>
          <div className="form-field form-field--wide">
            <label htmlFor={`${id}-review`}>Your Review *</label>
            <textarea
              id={`${id}-review`}
              name="review"
              rows={5}
              required
              value={fields.review}
              onChange={set('review')}
              aria-invalid={errors.review ? true : undefined}
              aria-describedby={describedBy('review')}
            />
            {error('review')}
          </div>
          <div className="visually-hidden">
            <label htmlFor={`${id}-website`}>Leave this field empty</label>
            <input
              id={`${id}-website`}
              name="website"
              type="text"
              tabIndex={-1}
              autoComplete="off"
              value={fields.website}
              onChange={set('website')}
            />
          </div>
        </div>
        <button type="submit" className="button" disabled={status === 'submitting'}>
          {status === 'submitting' ? REVIEW_TEXTS.submitting : REVIEW_TEXTS.submit}
        </button>
        <div aria-live="polite" className="form-status">
          {status === 'success' && (
            <p className="form-status__message form-status__message--good">{REVIEW_TEXTS.success}</p>
          )}
          {status === 'error' && <p className="form-status__message form-status__message--bad">{REVIEW_TEXTS.error}</p>}
        </div>
      </form>
    </section>
  );
}
