import { vercelStegaClean } from '@vercel/stega';
import { describe, expect, it } from 'vitest';
import { type SanityDocument, withPerspective } from './bundled-dataset.server.ts';
import { content } from './content.server.ts';
import { asksForPreview, isPreviewing, PREVIEW_COOKIE, runPreviewing } from './preview.server.ts';
import { createBundledSource } from './source.server.ts';

const doc = (id: string, title: string): SanityDocument => ({ _id: id, _type: 'page', title });

describe('withPerspective (as Sanity answers)', () => {
  const documents = [doc('a', 'A'), doc('drafts.a', 'A, edited'), doc('b', 'B'), doc('drafts.c', 'C, never published')];

  it('published: the documents without their drafts', () => {
    expect(withPerspective(documents, 'published').map((d) => d.title)).toEqual(['A', 'B']);
  });

  it("drafts: a document's draft in its place, under the published id, and unpublished drafts too", () => {
    expect(withPerspective(documents, 'drafts')).toEqual([
      { _id: 'a', _type: 'page', title: 'A, edited', _originalId: 'drafts.a' },
      doc('b', 'B'),
      { _id: 'c', _type: 'page', title: 'C, never published', _originalId: 'drafts.c' },
    ]);
  });
});

describe('the bundled dataset through a perspective', () => {
  const HERO = '*[_id == "homePage"][0].heroTitle';

  it('shows the published hero to the public and the local draft to the preview', async () => {
    expect(await createBundledSource(undefined, 'published').fetch(HERO)).toBe(
      'Real food from the Himalayan villages of Uttarakhand',
    );
    // The preview's texts carry their source for click-to-edit (stega.test.ts): compared clean here.
    expect(vercelStegaClean(await createBundledSource(undefined, 'drafts').fetch(HERO))).toBe(
      'Draft: the new harvest of red rice is in',
    );
  });

  it('content() reads drafts only inside a previewing request', async () => {
    expect(isPreviewing()).toBe(false);
    expect((await content().homePage()).heroTitle).toBe('Real food from the Himalayan villages of Uttarakhand');
    const previewed = await runPreviewing(true, async () => (await content().homePage()).heroTitle);
    expect(vercelStegaClean(previewed)).toBe('Draft: the new harvest of red rice is in');
    const notPreviewed = await runPreviewing(false, async () => (await content().homePage()).heroTitle);
    expect(notPreviewed).toBe('Real food from the Himalayan villages of Uttarakhand');
  });
});

describe('asksForPreview', () => {
  const request = (cookie?: string) => new Request('http://localhost/', cookie ? { headers: { cookie } } : {});
  it('is the preview cookie set to 1, among others', () => {
    expect(asksForPreview(request(`theme=dark; ${PREVIEW_COOKIE}=1`))).toBe(true);
    expect(asksForPreview(request(`${PREVIEW_COOKIE}=0`))).toBe(false);
    expect(asksForPreview(request())).toBe(false);
  });
});
