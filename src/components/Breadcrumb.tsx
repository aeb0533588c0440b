import type { ReactNode } from 'react';
import { Link } from 'react-router';
import './breadcrumb.css';
import { text } from '../shop/texts/index.ts';

/** The trail above a page's heading: links to the pages above it, then the page itself. */
export function Breadcrumb({ trail, current }: { trail: { name: string; path: string }[]; current: ReactNode }) {
  return (
    <nav aria-label={text('common.breadcrumb')} className="breadcrumb">
      <ol>
        {trail.map((crumb) => (
          <li key={crumb.path}>
            <Link to={crumb.path}>{crumb.name}</Link>
          </li>
        ))}
        <li aria-current="page">{current}</li>
      </ol>
    </nav>
  );
}
