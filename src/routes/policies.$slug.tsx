import { data, useRouteLoaderData } from 'react-router';
import { content } from '../content/content.server.ts';
import { PolicyPage } from '../features/blog/PolicyPage.tsx';
import { notFoundHead, pageHead } from '../features/seo/head.ts';
import { dataOrNotFound } from '../lib/data-or-not-found.ts';
import type { loader as rootLoader } from '../root.tsx';
import { text } from '../shop/texts/static-pages.ts';
import type { Route } from './+types/policies.$slug';

export async function loader({ params }: Route.LoaderArgs) {
  const policy = await content().policy(params.slug);
  if (!policy) throw data(null, { status: 404 });
  return { policy };
}

/** Every policy is prerendered; any other slug finds no data file and says so instead of failing. */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  return dataOrNotFound(serverLoader, { policy: null });
}

export function meta({ loaderData }: Route.MetaArgs) {
  const policy = loaderData?.policy;
  if (!policy) return notFoundHead(text('blog.policyNotFound'));
  return pageHead({ title: policy.title, description: policy.summary, path: `/policies/${policy.slug}` });
}

export default function PolicyRoute({ loaderData }: Route.ComponentProps) {
  const links = useRouteLoaderData<typeof rootLoader>('root')?.policyLinks ?? [];
  return <PolicyPage policy={loaderData.policy} links={links} />;
}
