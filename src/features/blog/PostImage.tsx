import { ResponsiveImage } from '../../components/image/ResponsiveImage.tsx';
import type { BlogPostCard } from '../../content/types.ts';

/** Blog artwork is 16:9; the card crops it to 16:10 (blog.css). */
const POST_IMAGE_SLOT = { width: 1200, height: 675 };

/** A post's picture with its alt text, in the blog's image slot: on its card and atop the post. */
export function PostImage({
  post,
  className,
  sizes,
  priority,
}: {
  post: Pick<BlogPostCard, 'image'>;
  className: string;
  sizes: string;
  priority: boolean;
}) {
  return (
    <ResponsiveImage
      className={className}
      image={post.image}
      alt={post.image.alt}
      sizes={sizes}
      slotSize={POST_IMAGE_SLOT}
      priority={priority}
    />
  );
}
