/**
 * Related-post choice (docs/shop-rules.md §2: up to 3 of the same category, excluding the post itself). The bundled
 * posts all have different categories, so extra posts are added here to exercise the query.
 */
import { describe, expect, it } from 'vitest';
import { contentOver } from '../../tests/support/content.ts';
import { loadBundledDataset, type SanityDocument } from './bundled-dataset.server.ts';

const contentWith = (extra: SanityDocument[]) => contentOver([...loadBundledDataset(), ...extra]);

const original = loadBundledDataset().find((doc) => doc._id === 'blogPost-2') as SanityDocument;
const copy = (id: number, date: string, category = 'Tradition'): SanityDocument => ({
  ...original,
  _id: `blogPost-${id}`,
  id,
  date,
  category,
  title: `Post ${id}`,
});

describe('related posts', () => {
  it('picks up to 3 posts of the same category, newest first, never the post itself', async () => {
    const content = contentWith([
      copy(7, '2025-04-01'),
      copy(8, '2025-06-01'),
      copy(9, '2025-02-01'),
      copy(10, '2025-08-01'),
      copy(11, '2025-09-01', 'Recipes'),
    ]);
    const post = await content.blogPost(2);
    expect(post?.related.map((related) => related.id)).toEqual([10, 8, 7]);
    expect(post?.related.every((related) => related.category === 'Tradition')).toBe(true);
  });

  it('is empty when no other post shares the category', async () => {
    const post = await contentWith([]).blogPost(2);
    expect(post?.related).toEqual([]);
  });
});
