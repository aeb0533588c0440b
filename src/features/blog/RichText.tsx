import { PortableText, type PortableTextComponents } from '@portabletext/react';
import { Link } from 'react-router';
import type { PortableTextValue } from '../../content/types.ts';
import './blog.css';
import { text } from '../../shop/texts/index.ts';

/** A path on this site ("/products/5"), as opposed to another site, a protocol-relative URL or mailto. */
export function isInternalHref(href: string): boolean {
  return href.startsWith('/') && !href.startsWith('//');
}

const components: PortableTextComponents = {
  marks: {
    link: ({ value, children }) => {
      const href = typeof value?.href === 'string' ? value.href : '';
      if (!href) return <>{children}</>;
      if (isInternalHref(href)) return <Link to={href}>{children}</Link>;
      if (href.startsWith('mailto:')) return <a href={href}>{children}</a>;
      return (
        <a href={href} rel="noopener noreferrer" target="_blank">
          {children}
          <span className="visually-hidden"> {text('common.opensInANewTab')}</span>
        </a>
      );
    },
  },
};

/** Portable Text from the content source, rendered as React elements (never as raw HTML). */
export function RichText({ value }: { value: PortableTextValue }) {
  return (
    <div className="rich-text">
      <PortableText value={value} components={components} />
    </div>
  );
}
