import { ReviewForm } from './ReviewForm.tsx';
import { ReviewList } from './ReviewList.tsx';
import '../../components/forms.css';
import './reviews.css';

/** The product page's reviews: the published list, then 'Write a Review'. */
export function ProductReviews({ productId }: { productId: number }) {
  return (
    <div className="product-reviews">
      <ReviewList productId={productId} />
      <ReviewForm productId={productId} />
    </div>
  );
}
