import { Link } from 'react-router';
import { policyPath } from '../../config/site.ts';
import type { PolicyPage as Policy, PolicyLink } from '../../content/types.ts';
import { formatPostDate } from './format.ts';
import { RichText } from './RichText.tsx';
import './blog.css';
import { text } from '../../shop/texts/static-pages.ts';

/**
 * /policies/{slug}: the policy in the editors' words, then the other policies. `links`: every
 * policy, as the footer lists them. An unknown slug (`policy` null) says so above the same links.
 */
export function PolicyPage({ policy, links }: { policy: Policy | null; links: readonly PolicyLink[] }) {
  if (!policy) {
    return (
      <div className="page page--message">
        <h1>{text('blog.policyNotFound')}</h1>
        <p>{text('blog.weCouldNotFind')}</p>
        <PolicyNav links={links} />
      </div>
    );
  }
  return (
    <div className="page">
      <article className="blog-post policy">
        <h1>{policy.title}</h1>
        <p className="blog-post__byline">
          {text('blog.lastUpdated')} <time dateTime={policy.updatedAt}>{formatPostDate(policy.updatedAt)}</time>
        </p>
        <p className="policy__summary">{policy.summary}</p>
        <RichText value={policy.body} />
      </article>
      <PolicyNav links={links} current={policy.slug} />
    </div>
  );
}

/** The other policies: the same links, in the same order, as the footer (every policy document). */
function PolicyNav({ links, current }: { links: readonly PolicyLink[]; current?: string }) {
  return (
    <nav className="policy__nav" aria-label={text('blog.ourPolicies')}>
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
