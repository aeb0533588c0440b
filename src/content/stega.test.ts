import { VERCEL_STEGA_REGEX, vercelStegaClean, vercelStegaDecode, vercelStegaSplit } from '@vercel/stega';
import { describe, expect, it } from 'vitest';
import { fakeSanity } from '../../tests/support/fake-sanity.ts';
import type { SanityDocument } from './bundled-dataset.server.ts';
import { type Content, content, createContent } from './content.server.ts';
import { runPreviewing } from './preview.server.ts';
import { HOME_PAGE_QUERY } from './queries.ts';
import { createSanitySource } from './source.server.ts';
import { encodeDocuments, stegaConfig, studioUrl } from './stega.server.ts';

/** Where a text's invisible source says it can be edited, or undefined when it has none. */
function editLink(text: string): string | undefined {
  return (vercelStegaDecode(text) as { href?: string } | undefined)?.href;
}

const isPlain = (text: string) => vercelStegaSplit(text).encoded === '';

describe('encodeDocuments (the bundled dataset in the preview)', () => {
  const config = stegaConfig({ SANITY_STUDIO_URL: 'https://ouo.sanity.studio' });
  const [home, product, asset] = encodeDocuments(
    [
      {
        _id: 'homePage',
        _originalId: 'drafts.homePage',
        _type: 'homePage',
        heroTitle: 'Draft hero',
        tiles: [{ _key: 't1', _type: 'featureCard', icon: 'mountain', title: 'Himalayan Sourced' }],
      },
      {
        _id: 'product-1',
        _type: 'product',
        name: 'Rajma',
        category: 'Pulses',
        description: 'Red kidney beans',
        variants: [{ _key: 'v1', size: '500gm', price: 347 }],
        date: '2025-09-25',
      },
      { _id: 'image-x', _type: 'sanity.imageAsset', url: '/media/x.svg', path: 'images/x.svg' },
    ] as SanityDocument[],
    config,
  ) as [SanityDocument, SanityDocument, SanityDocument];

  it("points each editable text at its own document and field, a draft's at the draft", () => {
    expect(vercelStegaClean(home)).toEqual({
      _id: 'homePage',
      _originalId: 'drafts.homePage',
      _type: 'homePage',
      heroTitle: 'Draft hero',
      tiles: [{ _key: 't1', _type: 'featureCard', icon: 'mountain', title: 'Himalayan Sourced' }],
    });
    const hero = editLink(home.heroTitle as string);
    expect(hero).toMatch(
      /^https:\/\/ouo\.sanity\.studio\/intent\/edit\/mode=presentation;id=homePage;type=homePage;path=heroTitle\?/,
    );
    // A draft opens as the draft; a published document says so.
    expect(hero).not.toContain('perspective=published');
    const tile = (home.tiles as { title: string }[])[0]?.title ?? '';
    // Array items by their key, as the Studio addresses them: a reorder keeps the link right.
    expect(decodeURIComponent(editLink(tile) ?? '')).toContain('path=tiles[_key=="t1"].title');
    expect(editLink(product.description as string)).toContain('id=product-1;type=product;path=description');
    expect(editLink(product.description as string)).toContain('perspective=published');
  });

  it('leaves plain what the site matches, validates or links with, and what Sanity leaves plain', () => {
    const tile = (home.tiles as { icon: string }[])[0];
    const variant = (product.variants as { size: string }[])[0];
    for (const text of [
      tile?.icon,
      product.name,
      product.category,
      variant?.size,
      product.date,
      home._id,
      home._type,
    ]) {
      expect(isPlain(String(text)), String(text)).toBe(true);
    }
    expect(asset).toEqual({ _id: 'image-x', _type: 'sanity.imageAsset', url: '/media/x.svg', path: 'images/x.svg' });
  });

  it('links to the Studio of `npm run studio` unless SANITY_STUDIO_URL names another', () => {
    expect(studioUrl({})).toBe('http://localhost:3333');
    expect(studioUrl({ SANITY_STUDIO_URL: 'https://ouo.sanity.studio' })).toBe('https://ouo.sanity.studio');
  });
});

/** Every content reader, so a model change cannot slip past the preview. */
const READERS: [string, (reader: Content) => Promise<unknown>][] = [
  ['catalogue', (reader) => reader.catalogue()],
  ['product', (reader) => reader.product(3)],
  ['settings', (reader) => reader.settings()],
  ['invoice settings', (reader) => reader.invoiceSettings()],
  ['home', (reader) => reader.homePage()],
  ['about', (reader) => reader.aboutPage()],
  ['impact', (reader) => reader.farmerImpact()],
  ['faq', (reader) => reader.faq()],
  ['posts', (reader) => reader.blogPosts()],
  ['post', (reader) => reader.blogPost(2)],
  ['recipes', (reader) => reader.recipes()],
  ['nutrition', (reader) => reader.nutritionItems()],
  ['impactItems', (reader) => reader.impactItems()],
  ['batch', (reader) => reader.batch('OUO-GHEE-2025-09-25-001')],
  ['batches', (reader) => reader.batches()],
  ['policies', (reader) => reader.policies()],
  ['policy links', (reader) => reader.policyLinks()],
  ['policy', (reader) => reader.policy('returns')],
  ['guide pages', (reader) => reader.guidePages()],
  ['what happens next', (reader) => reader.whatHappensNext()],
  ['paths', (reader) => reader.sitePaths()],
];

describe('the preview through content() (bundled dataset)', () => {
  const previewing = <T>(read: () => Promise<T>) => runPreviewing(true, read);

  it('reads every page with the texts encoded and the model still valid, the same content once cleaned', async () => {
    for (const [name, read] of READERS) {
      const preview = await previewing(() => read(content()));
      const published = await read(content());
      if (name === 'home') {
        // The one local draft (studio/seed/drafts.ndjson) changes the hero title only.
        expect(vercelStegaClean(preview), name).toEqual({ ...(published as object), heroTitle: expect.any(String) });
      } else {
        expect(vercelStegaClean(preview), name).toEqual(published);
      }
    }
  });

  it('encodes what editors write, never what the site matches on', async () => {
    const home = await previewing(() => content().homePage());
    expect(editLink(home.heroTitle)).toContain('id=homePage;type=homePage;path=heroTitle');
    const product = await previewing(() => content().product(3));
    expect(editLink(product?.description ?? '')).toContain('type=product;path=description');
    expect(isPlain(product?.name ?? 'x')).toBe(true);
    expect(product?.variants.every((variant) => isPlain(variant.size))).toBe(true);
    const recipes = await previewing(() => content().recipes());
    expect(recipes.flatMap((recipe) => [...recipe.ingredients, ...recipe.tags]).every(isPlain)).toBe(true);
    expect(editLink(recipes[0]?.title ?? '')).toContain('type=recipe;path=title');
    // The order page's "What happens next" still finds the shipping policy's headings.
    expect(await previewing(() => content().whatHappensNext())).toHaveLength(2);
  });

  it('never encodes what the public site reads', async () => {
    for (const [name, read] of READERS) {
      expect(JSON.stringify(await read(content())), name).not.toMatch(VERCEL_STEGA_REGEX);
    }
  });
});

describe('the preview with a Sanity project', () => {
  it("has the client encode the drafts answer from Sanity's source map, with the same rule", async () => {
    const { searches: asked } = fakeSanity({
      cdn: false,
      answer: () => ({
        result: { heroTitle: 'Draft hero', tiles: [{ icon: 'mountain', title: 'Himalayan Sourced' }] },
        resultSourceMap: {
          documents: [{ _id: 'drafts.homePage', _type: 'homePage' }],
          paths: ["$['heroTitle']", "$['tiles'][?(@._key=='t1')]['icon']", "$['tiles'][?(@._key=='t1')]['title']"],
          mappings: {
            "$['heroTitle']": { type: 'value', source: { type: 'documentValue', document: 0, path: 0 } },
            "$['tiles'][0]['icon']": { type: 'value', source: { type: 'documentValue', document: 0, path: 1 } },
            "$['tiles'][0]['title']": { type: 'value', source: { type: 'documentValue', document: 0, path: 2 } },
          },
        },
      }),
    });
    const source = createSanitySource('abc123', 'production', 'viewer-token', 'drafts');
    const answer = (await source.fetch(HOME_PAGE_QUERY)) as {
      heroTitle: string;
      tiles: { icon: string; title: string }[];
    };
    expect(asked[0]?.get('perspective')).toBe('drafts');
    expect(asked[0]?.get('resultSourceMap')).toBe('withKeyArraySelector');
    expect(editLink(answer.heroTitle)).toContain('id=homePage;type=homePage;path=heroTitle');
    expect(editLink(answer.tiles[0]?.title ?? '')).toBeDefined();
    expect(isPlain(answer.tiles[0]?.icon ?? 'x')).toBe(true);
  });

  it('the published reader asks for no source map and encodes nothing', async () => {
    const { searches: asked } = fakeSanity({ answer: () => ({ result: { heroTitle: 'Published hero' } }) });
    const reader = createContent(createSanitySource('abc123', 'production'));
    await expect(createSanitySource('abc123', 'production').fetch(HOME_PAGE_QUERY)).resolves.toEqual({
      heroTitle: 'Published hero',
    });
    expect(asked[0]?.has('resultSourceMap')).toBe(false);
    expect(reader.source).toBe('sanity');
  });
});
