/** Content readers over a dataset a test has changed: the app's own queries and models, run with groq-js. */
import { evaluate, parse } from 'groq-js';
import type { SanityDocument } from '../../src/content/bundled-dataset.server.ts';
import { createContent } from '../../src/content/content.server.ts';

export function contentOver(dataset: SanityDocument[]) {
  return createContent({
    kind: 'bundled',
    fetch: async (query, params = {}) => (await evaluate(parse(query, { params }), { dataset, params })).get(),
  });
}
