import { data } from 'react-router';
import { content } from '../content/content.server.ts';
import { PostDetail, PostNotFound } from '../features/blog/PostDetail.tsx';
import { notFoundHead, pageHead } from '../features/seo/head.ts';
import { blogPostingJsonLd, breadcrumbJsonLd } from '../features/seo/structured-data.ts';
import { dataOrNotFound } from '../lib/data-or-not-found.ts';
import { text } from '../shop/texts/static-pages.ts';
import type { Route } from './+types/blog.$id';

export async function loader({ params }: Route.LoaderArgs) {
  const id = Number(params.id);
  const post = Number.isInteger(id) && id > 0 ? await content().blogPost(id) : undefined;
  if (!post) throw data(null, { status: 404 });
  return { post };
}

/**
 * Prerendered posts load their data from the build; any other id (typed by hand, non-numeric, or a
 * post that was removed) finds no data file and shows "Blog post not found" instead of an error.
 */
export async function clientLoader({ params, serverLoader }: Route.ClientLoaderArgs) {
  const id = Number(params.id);
  if (!Number.isInteger(id) || id <= 0) return { post: null };
  return dataOrNotFound(serverLoader, { post: null });
}

export function meta({ loaderData }: Route.MetaArgs) {
  const post = loaderData?.post;
  if (!post) return notFoundHead(text('blog.blogPostNotFound'));
  const path = `/blog/${post.id}`;
  return pageHead({
    title: post.title,
    description: post.excerpt,
    path,
    type: 'article',
    image: post.image,
    jsonLd: [
      blogPostingJsonLd(post),
      breadcrumbJsonLd([
        { name: text('shell.nav.home'), path: '/' },
        { name: text('shell.nav.blog'), path: '/blog' },
        { name: post.title, path },
      ]),
    ],
  });
}

export default function BlogPostPage({ loaderData }: Route.ComponentProps) {
  const { post } = loaderData;
  if (!post) return <PostNotFound />;
  return <PostDetail key={post.id} post={post} />;
}
