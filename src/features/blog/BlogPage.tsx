import type { BlogPostCard, ShopSettings } from '../../content/types.ts';
import { Newsletter } from './Newsletter.tsx';
import { PostCard } from './PostCard.tsx';
import './blog.css';
import { text } from '../../shop/texts/static-pages.ts';

/** /blog (docs/shop-rules.md §2): every post, newest first, then the newsletter box. */
export function BlogPage({
  posts,
  intro,
  newsletter,
}: {
  posts: readonly BlogPostCard[];
  intro: string;
  newsletter: ShopSettings['newsletter'] | undefined;
}) {
  return (
    <div className="page blog">
      <h1>{text('blog.ourBlog')}</h1>
      <p className="blog__intro">{intro}</p>
      <div className="grid">
        {posts.map((post, index) => (
          <PostCard key={post.id} post={post} priority={index === 0} />
        ))}
      </div>
      {newsletter && <Newsletter texts={newsletter} />}
    </div>
  );
}
