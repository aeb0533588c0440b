import { Link } from 'react-router';
import { GRID_CARD_SIZES } from '../../components/image/layout-sizes.ts';
import type { BlogPostCard } from '../../content/types.ts';
import { truncateText } from '../../shop/text.ts';
import { PostImage } from './PostImage.tsx';
import { PostMeta } from './PostMeta.tsx';
import './blog.css';
import { text } from '../../shop/texts/static-pages.ts';

/** A post in a grid: image, meta line, title, excerpt (optionally cut) and a Read More link. */
export function PostCard({
  post,
  excerptLength,
  headingLevel = 2,
  priority = false,
}: {
  post: BlogPostCard;
  excerptLength?: number;
  headingLevel?: 2 | 3;
  /** The card's image is the page's LCP image (the first card of /blog, above the fold on a phone). */
  priority?: boolean;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const excerpt = excerptLength === undefined ? post.excerpt : truncateText(post.excerpt, excerptLength);
  return (
    <article className="card post-card">
      <PostImage post={post} className="post-card__image" sizes={GRID_CARD_SIZES} priority={priority} />
      <div className="post-card__body">
        <PostMeta category={post.category} date={post.date} readTime={post.readTime} />
        <Heading className="post-card__title">
          <Link to={`/blog/${post.id}`}>{post.title}</Link>
        </Heading>
        <p className="post-card__excerpt">{excerpt}</p>
        <Link
          className="post-card__more"
          to={`/blog/${post.id}`}
          aria-label={text('blog.readMoreOf', { title: post.title })}
        >
          {text('blog.readMore')} <span aria-hidden="true">→</span>
        </Link>
      </div>
    </article>
  );
}
