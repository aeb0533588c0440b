import { ReviewForm } from './ReviewForm.tsx';
import { ReviewList } from './ReviewList.tsx';
import '../../components/forms.css';
import './reviews.css';

/** The product page's reviews: the published list, then 'Write a Review'. */
export function ProductReviews({ product }: { product: string }) {
  return (
    <div className="product-reviews">
      <ReviewList product={product} />
      <ReviewForm product={product} />
    </div>
  );
}
