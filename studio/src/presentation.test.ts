/**
 * Presentation's pairing of pages and documents, against the site itself: every route it names is
 * one of the site's routes, and on the site's real pages each filter finds exactly one document of
 * the bundled dataset; every page a document lists is a page the site has.
 */
import { evaluate, parse } from 'groq-js';
import { matchPath } from 'react-router';
import type { DocumentLocationResolverObject, DocumentLocationsState } from 'sanity/presentation';
import { describe, expect, it } from 'vitest';
import { loadBundledDataset } from '../../src/content/bundled-dataset.server.ts';
import { contentPages, STATIC_PAGES } from '../../src/content/site-paths.server.ts';
import { locations, mainDocuments } from './presentation.ts';

const dataset = loadBundledDataset();

async function documentsMatching(filter: string) {
  const value = await evaluate(parse(`*[${filter}]._id`), { dataset });
  return (await value.get()) as string[];
}

/** The site's pages: its fixed ones and one per product, post, batch and policy, as the build prerenders them. */
async function sitePages(): Promise<string[]> {
  return [...STATIC_PAGES, ...(await contentPages()).map((entry) => entry.path)];
}

describe('Presentation: the main document of each page', () => {
  it('finds exactly one document on each page it has a route for', async () => {
    const matched = new Set<string>();
    for (const path of await sitePages()) {
      for (const resolver of mainDocuments) {
        const routes = Array.isArray(resolver.route) ? resolver.route : [resolver.route];
        const match = routes.map((route) => matchPath(route, path)).find(Boolean);
        if (!match || !('filter' in resolver) || !resolver.filter) continue;
        const params = match.params as Record<string, string>;
        const filter =
          typeof resolver.filter === 'function'
            ? resolver.filter({ origin: 'http://localhost:8888', params, path })
            : resolver.filter;
        expect(await documentsMatching(filter), path).toHaveLength(1);
        matched.add(path);
      }
    }
    // Every page of a document of its own has its document (products, posts, batches, policies).
    for (const path of await sitePages()) {
      if (/^\/(products|blog|policies|who-are-we\/traceability)\/./.test(path)) expect(matched, path).toContain(path);
    }
    expect(matched).toContain('/');
  });
});

describe('Presentation: the pages of each document', () => {
  it('lists only pages the site has, for every document of the dataset', async () => {
    const pages = new Set(await sitePages());
    for (const document of dataset.filter((doc) => !doc._type.startsWith('sanity.'))) {
      const resolver = locations?.[document._type as keyof typeof locations] as
        | DocumentLocationResolverObject
        | DocumentLocationsState
        | undefined;
      if (!resolver) continue;
      const state =
        'resolve' in resolver
          ? resolver.resolve(
              Object.fromEntries(Object.entries(resolver.select).map(([key, field]) => [key, document[field]])),
            )
          : resolver;
      for (const location of state?.locations ?? []) expect(pages, `${document._id}`).toContain(location.href);
      expect(state?.locations?.length ?? 0, document._id).toBeGreaterThan(0);
    }
  });
});
