import { useRouteLoaderData } from 'react-router';
import { content } from '../content/content.server.ts';
import { Newsletter } from '../features/blog/Newsletter.tsx';
import { PostCard } from '../features/blog/PostCard.tsx';
import '../features/blog/blog.css';
import { pageHead } from '../features/seo/head.ts';
import type { loader as rootLoader } from '../root.tsx';
import type { Route } from './+types/blog';

export async function loader() {
  // The query orders newest first.
  const [posts, guide] = await Promise.all([content().blogPosts(), content().guidePages()]);
  return { posts, intro: guide.blogIntro };
}

export function meta() {
  return pageHead({
    title: 'Blog',
    description: 'Stories, recipes and know-how from the Himalayan villages where our food is grown.',
    path: '/blog',
  });
}

export default function Blog({ loaderData }: Route.ComponentProps) {
  const { posts, intro } = loaderData;
  const newsletter = useRouteLoaderData<typeof rootLoader>('root')?.settings.newsletter;
  return (
    <div className="page blog">
      <h1>Our Blog</h1>
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
