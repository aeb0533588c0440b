import { Link } from 'react-router';
import { Breadcrumb } from '../../components/Breadcrumb.tsx';
import type { BlogPost } from '../../content/types.ts';
import { PostCard } from './PostCard.tsx';
import { PostImage } from './PostImage.tsx';
import { PostMeta } from './PostMeta.tsx';
import { RichText } from './RichText.tsx';
import './blog.css';
import { text } from '../../shop/texts/static-pages.ts';

/** Related posts show their excerpt cut to this many characters (docs/shop-rules.md §2). */
export const RELATED_EXCERPT_LENGTH = 100;

/** `.blog-post` is at most 48rem wide, inside the page's padding (blog.css, global.css). */
const POST_IMAGE_SIZES = '(min-width: 51rem) 48rem, (min-width: 48rem) calc(100vw - 3rem), calc(100vw - 2rem)';

export function PostDetail({ post }: { post: BlogPost }) {
  return (
    <div className="page">
      <article className="blog-post">
        <Breadcrumb
          trail={[
            { name: text('shell.nav.home'), path: '/' },
            { name: text('shell.nav.blog'), path: '/blog' },
          ]}
          current={post.title}
        />
        <PostMeta category={post.category} date={post.date} readTime={post.readTime} />
        <h1>{post.title}</h1>
        <p className="blog-post__byline">
          {text('blog.by')} {post.author}
        </p>
        {/* The post's LCP image, below its title and byline. */}
        <PostImage post={post} className="blog-post__image" sizes={POST_IMAGE_SIZES} priority />
        <RichText value={post.body} />
        <p>
          <Link to="/blog">{text('blog.backToBlog')}</Link>
        </p>
      </article>
      {post.related.length > 0 && (
        <section className="blog-related" aria-labelledby="related-posts">
          <h2 id="related-posts">{text('blog.relatedPosts')}</h2>
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

/** An id the build has no page for (docs/shop-rules.md §2). */
export function PostNotFound() {
  return (
    <div className="page page--message">
      <h1>{text('blog.blogPostNotFound')}</h1>
      <p>{text('blog.weCouldNotFind2')}</p>
      <p>
        <Link className="button" to="/blog">
          {text('blog.backToBlog2')}
        </Link>
      </p>
    </div>
  );
}
