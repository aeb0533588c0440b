import { render, screen, within } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { BlogPost, BlogPostCard } from '../../content/types.ts';
import { PostDetail, RELATED_EXCERPT_LENGTH } from './PostDetail.tsx';
import { isInternalHref } from './RichText.tsx';

const card = (id: number, excerpt: string): BlogPostCard => ({
  id,
  title: `Post ${id}`,
  excerpt,
  image: { src: `/images/${id}.svg`, alt: `Picture ${id}`, width: 800, height: 500 },
  date: '2025-01-21',
  category: 'Nutrition',
  readTime: '5 min read',
  author: 'Shalini Bisht',
});

const long =
  'Red rice keeps its bran, and with it more fibre, minerals and colour than polished white rice does. What that means.';

const post: BlogPost = {
  ...card(1, 'The main post.'),
  body: [
    {
      _type: 'block',
      _key: 'b1',
      style: 'normal',
      markDefs: [
        { _type: 'link', _key: 'l1', href: '/products/5' },
        { _type: 'link', _key: 'l2', href: 'https://example.org/rice' },
      ],
      children: [
        { _type: 'span', _key: 's1', text: 'Buy our ', marks: [] },
        { _type: 'span', _key: 's2', text: 'red rice', marks: ['l1'] },
        { _type: 'span', _key: 's3', text: ' or read the ', marks: [] },
        { _type: 'span', _key: 's4', text: 'study', marks: ['l2'] },
      ],
    },
    {
      _type: 'block',
      _key: 'b2',
      style: 'h2',
      markDefs: [],
      children: [{ _type: 'span', _key: 's5', text: 'A heading' }],
    },
  ],
  related: [card(2, long), card(3, 'Short excerpt.')],
};

function renderPost() {
  const Stub = createRoutesStub([{ path: '/blog/1', Component: () => <PostDetail post={post} /> }]);
  render(<Stub initialEntries={['/blog/1']} />);
}

describe('blog post detail', () => {
  it('fetches the post’s image first, at high priority, and the related posts’ images lazily', () => {
    renderPost();
    const hero = screen.getByRole('img', { name: 'Picture 1' });
    expect(hero).toHaveAttribute('loading', 'eager');
    expect(hero).toHaveAttribute('fetchpriority', 'high');
    expect(hero).toHaveAttribute('width', '800');
    expect(hero).toHaveAttribute('height', '500');
    for (const name of ['Picture 2', 'Picture 3']) {
      const image = screen.getByRole('img', { name });
      expect(image).toHaveAttribute('loading', 'lazy');
      expect(image).not.toHaveAttribute('fetchpriority');
    }
  });

  it('cuts related excerpts at 100 characters and leaves short ones whole', () => {
    renderPost();
    const related = within(screen.getByRole('region', { name: 'Related posts' })).getAllByRole('article');
    expect(related).toHaveLength(2);
    const cut = `${long.slice(0, RELATED_EXCERPT_LENGTH).trimEnd()}…`;
    expect(RELATED_EXCERPT_LENGTH).toBe(100);
    expect(within(related[0] as HTMLElement).getByText(cut)).toBeInTheDocument();
    expect(within(related[1] as HTMLElement).getByText('Short excerpt.')).toBeInTheDocument();
  });

  it('renders the Portable Text body: internal links as router links, external ones with rel noopener', () => {
    renderPost();
    expect(screen.getByRole('heading', { level: 2, name: 'A heading' })).toBeInTheDocument();
    const internal = screen.getByRole('link', { name: 'red rice' });
    expect(internal).toHaveAttribute('href', '/products/5');
    expect(internal).not.toHaveAttribute('target');
    const external = screen.getByRole('link', { name: /^study/ });
    expect(external).toHaveAttribute('href', 'https://example.org/rice');
    expect(external.getAttribute('rel')).toContain('noopener');
    expect(external).toHaveAttribute('target', '_blank');
  });

  it('tells internal paths from other addresses', () => {
    expect(isInternalHref('/blog/2')).toBe(true);
    expect(isInternalHref('//evil.example')).toBe(false);
    expect(isInternalHref('https://example.org')).toBe(false);
    expect(isInternalHref('mailto:hello@example.org')).toBe(false);
  });
});
