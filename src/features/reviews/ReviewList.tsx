import { useEffect, useState } from 'react';
import { StarIcon } from '../../components/icons.tsx';
import { Stars } from '../../components/Stars.tsx';
import { starParts } from '../../shop/catalogue/index.ts';
import type { PublicReview } from '../../shop/schemas/index.ts';
import { text } from '../../shop/texts/review-pages.ts';
import { fetchProductReviews, type ProductReviews } from './api.ts';

export const REVIEWS_PER_PAGE = 3;
export const NO_REVIEWS_TEXT = text('reviewPage.noReviewsYet');

/**
 * The product page's published reviews, 3 a page. They load after hydration (staff publish them
 * in the sheet, without a deploy); when the feed cannot be read the list is simply empty.
 */
export function ReviewList({ productId }: { productId: number }) {
  const [data, setData] = useState<ProductReviews | null>(null);
  const [page, setPage] = useState(1);

  useEffect(() => {
    let active = true;
    setData(null);
    setPage(1);
    void fetchProductReviews(productId).then((next) => {
      if (active) setData(next);
    });
    return () => {
      active = false;
    };
  }, [productId]);

  const count = data?.reviews.length ?? 0;
  const pages = Math.max(1, Math.ceil(count / REVIEWS_PER_PAGE));
  const current = Math.min(page, pages);
  const shown = data?.reviews.slice((current - 1) * REVIEWS_PER_PAGE, current * REVIEWS_PER_PAGE) ?? [];

  return (
    <section className="reviews" aria-labelledby="reviews-title" aria-busy={data === null}>
      <div className="reviews__header">
        <h2 id="reviews-title">{text('reviewPage.customerReviews')}</h2>
        {data && data.count > 0 && (
          <div className="reviews__summary">
            <Stars rating={{ average: data.average, count: data.count }} size={20} />
            <p>
              {data.average.toFixed(1)} {text('reviewPage.outOf5')}
              {data.count} {data.count === 1 ? 'review' : 'reviews'})
            </p>
          </div>
        )}
      </div>
      {data === null ? (
        <p className="reviews__empty">{text('reviewPage.loadingReviews')}</p>
      ) : count === 0 ? (
        <p className="reviews__empty">{NO_REVIEWS_TEXT}</p>
      ) : (
        <>
          <ul className="reviews__list" aria-label={text('reviewPage.reviews')}>
            {shown.map((review) => (
              <ReviewItem key={review.id} review={review} />
            ))}
          </ul>
          <nav className="reviews__pager" aria-label={text('reviewPage.reviewPages')}>
            <button
              type="button"
              className="button button--ghost"
              disabled={current <= 1}
              onClick={() => setPage(current - 1)}
            >
              {text('reviewPage.previous')}
            </button>
            <p aria-live="polite">
              {text('reviewPage.page')} {current} {text('reviewPage.of')} {pages} ({count}{' '}
              {count === 1 ? 'review' : 'reviews'})
            </p>
            <button
              type="button"
              className="button button--ghost"
              disabled={current >= pages}
              onClick={() => setPage(current + 1)}
            >
              {text('reviewPage.next')}
            </button>
          </nav>
        </>
      )}
    </section>
  );
}

function ReviewItem({ review }: { review: PublicReview }) {
  return (
    <li className="review card">
      <div className="review__meta">
        <p className="review__customer">{review.customer}</p>
        {review.location && <p className="review__location">{review.location}</p>}
        <RatingStars rating={review.rating} />
        <p className="review__date">{review.date}</p>
      </div>
      <p className="review__text">{review.review}</p>
    </li>
  );
}

/** One review's own rating: whole stars out of 5. */
export function RatingStars({ rating }: { rating: number }) {
  const { full, half, empty } = starParts(rating);
  return (
    <p className="stars" role="img" aria-label={text('reviewPage.ratedOutOf5', { rating })}>
      {Array.from({ length: full }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: identical, fixed-position stars
        <StarIcon key={`f${index}`} fill="full" />
      ))}
      {half && <StarIcon fill="half" />}
      {Array.from({ length: empty }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: identical, fixed-position stars
        <StarIcon key={`e${index}`} fill="empty" />
      ))}
    </p>
  );
}
