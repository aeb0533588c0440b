/**
 * Sanity's own `validateDocument` with the Studio schema, offline: custom rules that query (unique
 * product numbers and the like) run their GROQ over the given dataset with groq-js. Shared by
 * the dataset's test and the Studio rules' tests.
 */
import { evaluate, parse } from 'groq-js';
import { createSchema, type SanityDocument as StudioDocument, validateDocument, type Workspace } from 'sanity';
import type { SanityDocument } from '../../src/content/bundled-dataset.server.ts';
import { schemaTypes } from '../src/schemaTypes/index.ts';

export const schema = createSchema({ name: 'default', types: schemaTypes });
const workspace = { schema } as unknown as Workspace;

function fakeClient(dataset: SanityDocument[]) {
  const client = {
    fetch: async (query: string, params: Record<string, unknown> = {}) =>
      (await evaluate(parse(query, { params }), { dataset, params })).get(),
    withConfig: () => client,
  };
  return client;
}

/** The Studio's findings about `document` at `level`, as `<id> <path>: <message>`. */
export async function markersOf(
  document: SanityDocument,
  dataset: SanityDocument[],
  level: 'error' | 'warning' = 'error',
): Promise<string[]> {
  const ids = new Set(dataset.map((doc) => doc._id));
  const markers = await validateDocument({
    document: document as unknown as StudioDocument,
    workspace,
    environment: 'cli',
    // biome-ignore lint/suspicious/noExplicitAny: the fake client implements only what rules call
    getClient: () => fakeClient(dataset) as any,
    getDocumentExists: async ({ id }) => ids.has(id),
  });
  return markers
    .filter((marker) => marker.level === level)
    .map((marker) => `${document._id} ${marker.path.join('.')}: ${marker.message ?? marker.item?.message}`);
}

/** The Studio's errors about `document`: what stops it being published. */
export const errorsOf = (document: SanityDocument, dataset: SanityDocument[]) => markersOf(document, dataset);
