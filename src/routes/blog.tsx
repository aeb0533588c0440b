import { content } from '../content/content.server.ts';
import { Newsletter } from '../features/blog/Newsletter.tsx';
import { PostCard } from '../features/blog/PostCard.tsx';
import '../features/blog/blog.css';
import { pageHead } from '../features/seo/head.ts';
import type { Route } from './+types/blog';

export async function loader() {
  // The query orders newest first.
  return { posts: await content().blogPosts() };
}

export function meta() {
  return pageHead({
    title: 'Blog',
    description: 'Stories, recipes and know-how from the Himalayan villages where our food is grown.',
    path: '/blog',
  });
}

export default function Blog({ loaderData }: Route.ComponentProps) {
  const { posts } = loaderData;
  return (
    <div className="page blog">
      <h1>Our Blog</h1>
      <p className="blog__intro">
        Stories from the hills: how our food is grown and made, how to cook it, and what it means for the farmer
        families we work with.
      </p>
      <div className="grid">
        {posts.map((post, index) => (
          <PostCard key={post.id} post={post} priority={index === 0} />
        ))}
      </div>
      <Newsletter />
    </div>
  );
}
