import { starParts } from '../shop/catalogue/index.ts';
import { text } from '../shop/texts/index.ts';
import { StarIcon } from './icons.tsx';
import './stars.css';

export interface RatingSummary {
  average: number;
  count: number;
}

/** Average stars and the review count; renders nothing when there are no reviews. */
export function Stars({ rating, size = 16 }: { rating?: RatingSummary | undefined; size?: number }) {
  if (!rating || rating.count === 0) return null;
  const { full, half, empty } = starParts(rating.average);
  const label = text('common.rated', { average: rating.average.toFixed(1), count: rating.count });
  return (
    <p className="stars" role="img" aria-label={label}>
      {Array.from({ length: full }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: identical, fixed-position stars
        <StarIcon key={`f${index}`} fill="full" size={size} />
      ))}
      {half && <StarIcon fill="half" size={size} />}
      {Array.from({ length: empty }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: identical, fixed-position stars
        <StarIcon key={`e${index}`} fill="empty" size={size} />
      ))}
      <span className="stars__count" aria-hidden="true">
        ({rating.count})
      </span>
    </p>
  );
}
