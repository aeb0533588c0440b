import { useRouteLoaderData } from 'react-router';
import { content } from '../content/content.server.ts';
import { BlogPage } from '../features/blog/BlogPage.tsx';
import { pageHead } from '../features/seo/head.ts';
import type { loader as rootLoader } from '../root.tsx';
import { text } from '../shop/texts/static-pages.ts';
import type { Route } from './+types/blog._index';

export async function loader() {
  // The query orders newest first.
  const [posts, guide] = await Promise.all([content().blogPosts(), content().guidePages()]);
  return { posts, intro: guide.blogIntro };
}

export function meta() {
  return pageHead({
    title: text('shell.nav.blog'),
    description: text('blog.headDescription'),
    path: '/blog',
  });
}

export default function Blog({ loaderData }: Route.ComponentProps) {
  const newsletter = useRouteLoaderData<typeof rootLoader>('root')?.settings.newsletter;
  return <BlogPage posts={loaderData.posts} intro={loaderData.intro} newsletter={newsletter} />;
}
