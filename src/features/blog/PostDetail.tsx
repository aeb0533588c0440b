import { Link } from 'react-router';
import type { BlogPost } from '../../content/types.ts';
import { PostCard } from './PostCard.tsx';
import { PostMeta } from './PostMeta.tsx';
import { RichText } from './RichText.tsx';

/** Related posts show their excerpt cut to this many characters (SPEC §2). */
export const RELATED_EXCERPT_LENGTH = 100;

export function PostDetail({ post }: { post: BlogPost }) {
  return (
    <div className="page">
      <article className="blog-post">
        <nav aria-label="Breadcrumb" className="breadcrumb">
          <ol>
            <li>
              <Link to="/">Home</Link>
            </li>
            <li>
              <Link to="/blog">Blog</Link>
            </li>
            <li aria-current="page">{post.title}</li>
          </ol>
        </nav>
        <PostMeta category={post.category} date={post.date} readTime={post.readTime} />
        <h1>{post.title}</h1>
        <p className="blog-post__byline">By {post.author}</p>
        <img
          className="blog-post__image"
          src={post.image.src}
          alt={post.image.alt}
          width={post.image.width}
          height={post.image.height}
        />
        <RichText value={post.body} />
        <p>
          <Link to="/blog">← Back to Blog</Link>
        </p>
      </article>
      {post.related.length > 0 && (
        <section className="blog-related" aria-labelledby="related-posts">
          <h2 id="related-posts">Related posts</h2>
          <div className="grid">
            {post.related.map((related) => (
              <PostCard key={related.id} post={related} excerptLength={RELATED_EXCERPT_LENGTH} headingLevel={3} />
            ))}
          </div>
        </section>
      )}
    </div>
  );
}
