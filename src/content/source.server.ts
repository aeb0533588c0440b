/**
 * Where content comes from: a real Sanity project when SANITY_PROJECT_ID is set, otherwise the
 * bundled dataset evaluated with groq-js. Both run the same query strings with the same params.
 */
import { createClient } from '@sanity/client';
import { evaluate, parse } from 'groq-js';
import { z } from 'zod';
import { loadBundledDataset, loadBundledDrafts, type Perspective, withPerspective } from './bundled-dataset.server.ts';

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
  });
  return { kind: 'sanity', fetch: (query, params = {}) => client.fetch(query, params) };
}

/** The bundled dataset through Sanity's perspective: published, or with the local drafts over it. */
export function createBundledSource(root?: string, perspective: Perspective = 'published'): ContentSource {
  return {
    kind: 'bundled',
    async fetch(query, params = {}) {
      const documents = [...loadBundledDataset(root), ...(perspective === 'drafts' ? loadBundledDrafts(root) : [])];
      const dataset = withPerspective(documents, perspective);
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
