/**
 * Where content comes from: a real Sanity project when SANITY_PROJECT_ID is set, otherwise the
 * bundled dataset evaluated with groq-js. Both run the same query strings with the same params.
 */
import { createClient } from '@sanity/client';
import { evaluate, parse } from 'groq-js';
import { z } from 'zod';
import {
  loadBundledDataset,
  loadBundledDrafts,
  type Perspective,
  type SanityDocument,
  withPerspective,
} from './bundled-dataset.server.ts';
import { encodeDocuments, stegaConfig } from './stega.server.ts';

export type QueryParams = Record<string, string | number | boolean>;

export interface ContentSource {
  kind: 'sanity' | 'bundled';
  fetch(query: string, params?: QueryParams): Promise<unknown>;
}

/** Sanity API version the queries are written against. */
export const SANITY_API_VERSION = '2025-02-19';

export const contentEnvSchema = z.object({
  SANITY_PROJECT_ID: z
    .string()
    .regex(/^[a-z0-9-]+$/, 'SANITY_PROJECT_ID is the project id from sanity.io/manage')
    .optional(),
  SANITY_DATASET: z
    .string()
    .regex(/^[a-z0-9_-]+$/)
    .default('production'),
  SANITY_API_TOKEN: z.string().optional(),
});
export type ContentEnv = z.infer<typeof contentEnvSchema>;

export function contentEnv(env: Record<string, string | undefined> = process.env): ContentEnv {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  return contentEnvSchema.parse(present);
}

export function createSanitySource(
  projectId: string,
  dataset: string,
  token?: string,
  perspective: Perspective = 'published',
): ContentSource {
  // Drafts are private: Sanity answers them only with a token, and only the preview's server asks.
  if (perspective === 'drafts' && !token) {
    throw new Error('The preview reads drafts with a token: set SANITY_API_TOKEN (a Viewer token) for `npm run dev`.');
  }
  const client = createClient({
    projectId,
    dataset,
    apiVersion: SANITY_API_VERSION,
    // The CDN is fine: the site is rebuilt on publish, and functions tolerate a minute's staleness.
    useCdn: !token,
    perspective,
    ...(token ? { token } : {}),
    // The preview's texts carry their source for click-to-edit (stega.server.ts).
    ...(perspective === 'drafts' ? { stega: stegaConfig() } : {}),
  });
  return { kind: 'sanity', fetch: (query, params = {}) => client.fetch(query, params) };
}

/**
 * The bundled dataset through Sanity's perspective: published, or with the local drafts over it
 * and, like Sanity's client in the preview, each text carrying its source (stega.server.ts).
 */
export function createBundledSource(root?: string, perspective: Perspective = 'published'): ContentSource {
  let encoded: { drafts: string; dataset: SanityDocument[] } | undefined;
  const previewDataset = () => {
    // Read on every query: an editor trying the preview offline may change drafts.ndjson meanwhile.
    const drafts = loadBundledDrafts(root);
    const key = JSON.stringify(drafts);
    if (encoded?.drafts !== key) {
      // An asset the drafts name is the dataset's own asset document: one copy of each id.
      const byId = new Map([...loadBundledDataset(root), ...drafts].map((document) => [document._id, document]));
      const dataset = withPerspective([...byId.values()], 'drafts');
      encoded = { drafts: key, dataset: encodeDocuments(dataset, stegaConfig()) };
    }
    return encoded.dataset;
  };
  return {
    kind: 'bundled',
    async fetch(query, params = {}) {
      const dataset =
        perspective === 'drafts' ? previewDataset() : withPerspective(loadBundledDataset(root), 'published');
      const value = await evaluate(parse(query, { params }), { dataset, params });
      return value.get();
    },
  };
}

export function createContentSource(
  env: ContentEnv = contentEnv(),
  perspective: Perspective = 'published',
): ContentSource {
  return env.SANITY_PROJECT_ID
    ? createSanitySource(env.SANITY_PROJECT_ID, env.SANITY_DATASET, env.SANITY_API_TOKEN, perspective)
    : createBundledSource(undefined, perspective);
}
