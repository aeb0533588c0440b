import { Link } from 'react-router';
import type { BlogPostCard } from '../../content/types.ts';
import { truncateText } from '../../shop/text.ts';
import { PostMeta } from './PostMeta.tsx';

/** A post in a grid: image, meta line, title, excerpt (optionally cut) and a Read More link. */
export function PostCard({
  post,
  excerptLength,
  headingLevel = 2,
}: {
  post: BlogPostCard;
  excerptLength?: number;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const excerpt = excerptLength === undefined ? post.excerpt : truncateText(post.excerpt, excerptLength);
  return (
    <article className="card post-card">
      <img
        className="post-card__image"
        src={post.image.src}
        alt={post.image.alt}
        width={post.image.width}
        height={post.image.height}
        loading="lazy"
        decoding="async"
      />
      <div className="post-card__body">
        <PostMeta category={post.category} date={post.date} readTime={post.readTime} />
        <Heading className="post-card__title">
          <Link to={`/blog/${post.id}`}>{post.title}</Link>
        </Heading>
        <p className="post-card__excerpt">{excerpt}</p>
        <Link className="post-card__more" to={`/blog/${post.id}`} aria-label={`Read More: ${post.title}`}>
          Read More <span aria-hidden="true">→</span>
        </Link>
      </div>
    </article>
  );
}
