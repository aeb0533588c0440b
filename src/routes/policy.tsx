import { data, Link, useRouteLoaderData } from 'react-router';
import { policyPath } from '../config/site.ts';
import { content } from '../content/content.server.ts';
import { formatPostDate } from '../features/blog/format.ts';
import { RichText } from '../features/blog/RichText.tsx';
import { notFoundHead, pageHead } from '../features/seo/head.ts';
import '../features/blog/blog.css';
import { dataOrNotFound } from '../lib/data-or-not-found.ts';
import type { loader as rootLoader } from '../root.tsx';
import type { Route } from './+types/policy';

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
  if (!policy) return notFoundHead('Policy not found');
  return pageHead({ title: policy.title, description: policy.summary, path: `/policies/${policy.slug}` });
}

export default function PolicyRoute({ loaderData }: Route.ComponentProps) {
  const { policy } = loaderData;
  if (!policy) {
    return (
      <div className="page page--message">
        <h1>Policy not found</h1>
        <p>We could not find that page. Our policies are listed below and in the footer.</p>
        <PolicyNav />
      </div>
    );
  }
  return (
    <div className="page">
      <article className="blog-post policy">
        <h1>{policy.title}</h1>
        <p className="blog-post__byline">
          Last updated <time dateTime={policy.updatedAt}>{formatPostDate(policy.updatedAt)}</time>
        </p>
        <p className="policy__summary">{policy.summary}</p>
        <RichText value={policy.body} />
      </article>
      <PolicyNav current={policy.slug} />
    </div>
  );
}

/** The other policies: the same links, in the same order, as the footer (every policy document). */
function PolicyNav({ current }: { current?: string }) {
  const links = useRouteLoaderData<typeof rootLoader>('root')?.policyLinks ?? [];
  return (
    <nav className="policy__nav" aria-label="Our policies">
      <ul className="tag-list">
        {links.map((link) => (
          <li key={link.slug}>
            <Link to={policyPath(link.slug)} aria-current={link.slug === current ? 'page' : undefined}>
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
