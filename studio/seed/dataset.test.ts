/**
 * The bundled dataset against the Studio schema: every document passes the same validation the
 * Studio runs (required fields, types, rules, custom rules such as unique ids), and carries no
 * field the schema does not know. Schema and data cannot drift apart unnoticed.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  loadBundledDataset,
  loadBundledDrafts,
  parseNdjson,
  resolveBundledAssets,
  type SanityDocument,
} from '../../src/content/bundled-dataset.server.ts';
import { errorsOf, schema } from './studio-validation.ts';

const isContent = (doc: SanityDocument) => !doc._type.startsWith('sanity.');

describe('bundled dataset', () => {
  let dataset: SanityDocument[];
  beforeAll(() => {
    dataset = loadBundledDataset();
  });

  it('passes the Studio validation, document by document', async () => {
    const errors = (await Promise.all(dataset.filter(isContent).map((doc) => errorsOf(doc, dataset)))).flat();
    expect(errors).toEqual([]);
  });

  it('has no field the schema does not define', () => {
    const unknown: string[] = [];
    for (const doc of dataset.filter(isContent)) {
      const type = schema.get(doc._type) as { fields?: { name: string }[] } | undefined;
      expect(type, `schema type ${doc._type}`).toBeDefined();
      const known = new Set((type?.fields ?? []).map((field) => field.name));
      for (const key of Object.keys(doc)) {
        if (!key.startsWith('_') && !known.has(key)) unknown.push(`${doc._id}.${key}`);
      }
    }
    expect(unknown).toEqual([]);
  });

  it('carries drafts to preview offline that pass the same validation (drafts.ndjson)', async () => {
    const drafts = loadBundledDrafts().filter(isContent);
    expect(drafts.length).toBeGreaterThan(0);
    for (const draft of drafts) expect(draft._id.startsWith('drafts.')).toBe(true);
    const errors = (await Promise.all(drafts.map((doc) => errorsOf(doc, dataset)))).flat();
    expect(errors).toEqual([]);
  });

  it('references only documents that exist', () => {
    const ids = new Set(dataset.map((doc) => doc._id));
    const refs = JSON.stringify(dataset).match(/"_ref":"[^"]+"/g) ?? [];
    const missing = refs.map((ref) => ref.slice(8, -1)).filter((id) => !ids.has(id));
    expect(missing).toEqual([]);
  });
});

describe('the validation is live (it rejects bad documents)', () => {
  let dataset: SanityDocument[];
  let product: SanityDocument;
  beforeAll(() => {
    dataset = loadBundledDataset();
    product = dataset.find((doc) => doc._id === 'product-1') as SanityDocument;
  });

  it('refuses a negative or fractional price', async () => {
    const variants = [{ _key: 'a', _type: 'variant', size: '500gm', price: -5, stock: 1, weight: 500 }];
    const errors = await errorsOf({ ...product, variants }, dataset);
    expect(errors.join('\n')).toMatch(/variants.*price/);
  });

  it('refuses a size listed twice', async () => {
    const variant = { _type: 'variant', size: '500gm', price: 347, stock: 1, weight: 500 };
    const errors = await errorsOf(
      {
        ...product,
        variants: [
          { ...variant, _key: 'a' },
          { ...variant, _key: 'b' },
        ],
      },
      dataset,
    );
    expect(errors.join('\n')).toContain('The size "500gm" is listed twice.');
  });

  it('refuses a product number another product already uses', async () => {
    const errors = await errorsOf({ ...product, _id: 'product-copy' }, dataset);
    expect(errors.join('\n')).toContain('Another product already uses 1.');
  });

  it('refuses a product with no category', async () => {
    const { category: _category, ...withoutCategory } = product;
    const errors = await errorsOf(withoutCategory as SanityDocument, dataset);
    expect(errors.join('\n')).toMatch(/category/);
  });
});

describe('bundled assets', () => {
  it('turns _sanityAsset markers into asset references with the served URL and size', () => {
    const docs = parseNdjson(
      '{"_id":"p","_type":"product","images":[{"_key":"a","_type":"image","_sanityAsset":"image@file://./images/products/x.svg","alt":"X"}]}\n\n',
    );
    const resolved = resolveBundledAssets(
      docs,
      () => '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 675">',
    );
    expect(resolved).toEqual([
      {
        _id: 'p',
        _type: 'product',
        images: [
          { _key: 'a', _type: 'image', alt: 'X', asset: { _type: 'reference', _ref: 'image-bundled-products-x-svg' } },
        ],
      },
      {
        _id: 'image-bundled-products-x-svg',
        _type: 'sanity.imageAsset',
        url: '/media/products/x.svg',
        path: 'images/products/x.svg',
        metadata: { dimensions: { width: 1200, height: 675 } },
      },
    ]);
  });

  it('turns a file marker (the hero clip) into a file asset, and a photo gets its own size', () => {
    const docs = parseNdjson(
      '{"_id":"homePage","_type":"homePage","heroVideo":{"poster":{"_type":"image","_sanityAsset":"image@file://./images/hero/hero-poster.jpg"},"webm":{"_type":"file","_sanityAsset":"file@file://./files/hero/hero.webm"}}}',
    );
    const resolved = resolveBundledAssets(docs, (image) =>
      readFileSync(fileURLToPath(new URL(`images/${image}`, import.meta.url))),
    );
    expect(resolved[0]?.heroVideo).toEqual({
      poster: { _type: 'image', asset: { _type: 'reference', _ref: 'image-bundled-hero-hero-poster-jpg' } },
      webm: { _type: 'file', asset: { _type: 'reference', _ref: 'file-bundled-hero-hero-webm' } },
    });
    expect(resolved.slice(1)).toEqual([
      {
        _id: 'image-bundled-hero-hero-poster-jpg',
        _type: 'sanity.imageAsset',
        url: '/media/hero/hero-poster.jpg',
        path: 'images/hero/hero-poster.jpg',
        metadata: { dimensions: { width: 960, height: 540 } },
      },
      {
        _id: 'file-bundled-hero-hero-webm',
        _type: 'sanity.fileAsset',
        url: '/media/hero/hero.webm',
        path: 'files/hero/hero.webm',
        extension: 'webm',
        mimeType: 'video/webm',
      },
    ]);
  });

  it('has every file the dataset names beside it, as `sanity dataset import` needs', () => {
    const text = readFileSync(fileURLToPath(new URL('dataset.ndjson', import.meta.url)), 'utf8');
    const named = [...text.matchAll(/"(?:image|file)@file:\/\/\.\/([^"]+)"/g)].map((match) => match[1] ?? '');
    expect(named).toContain('files/hero/hero.mp4');
    const missing = named.filter((file) => !existsSync(fileURLToPath(new URL(file, import.meta.url))));
    expect(missing).toEqual([]);
  });

  it('says which line is broken', () => {
    expect(() => parseNdjson('{"_id":"a","_type":"x"}\n{oops')).toThrow(/line 2/);
  });
});
