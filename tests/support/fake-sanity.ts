/**
 * Sanity's query API, `GET https://<project>.api[cdn].sanity.io/v<version>/data/query/<dataset>`, as
 * an msw handler: each request's GROQ and `$params` (Sanity's HTTP API carries each as a
 * JSON-encoded search parameter) kept in `requests`, its whole search in `searches`; the answer
 * `{ ms, ...answer(query, params) }`. By default `answer` is the shop's local stand-in for Sanity,
 * the bundled dataset (src/content/source.server.ts), running the same GROQ: `{ query, result }`.
 */
import { HttpResponse, http } from 'msw';
import { createBundledSource, type QueryParams, SANITY_API_VERSION } from '../../src/content/source.server.ts';
import { server } from './msw.ts';

export interface FakeSanityOptions {
  projectId?: string;
  dataset?: string;
  /** The CDN (`apicdn`, the published reader) or the live API (`api`, the preview with a token). */
  cdn?: boolean;
  answer?: (query: string, params: QueryParams) => Record<string, unknown> | Promise<Record<string, unknown>>;
}

export function fakeSanity(options: FakeSanityOptions = {}) {
  const { projectId = 'abc123', dataset = 'production', cdn = true } = options;
  const bundled = createBundledSource();
  const answer = options.answer ?? (async (query, params) => ({ query, result: await bundled.fetch(query, params) }));
  const requests: { query: string | null; params: Record<string, unknown> }[] = [];
  const searches: URLSearchParams[] = [];
  const host = `${projectId}.${cdn ? 'apicdn' : 'api'}.sanity.io`;
  server.use(
    http.get(`https://${host}/v${SANITY_API_VERSION}/data/query/${dataset}`, async ({ request }) => {
      const search = new URL(request.url).searchParams;
      const query = search.get('query');
      const params = Object.fromEntries(
        [...search].filter(([key]) => key.startsWith('$')).map(([key, value]) => [key.slice(1), JSON.parse(value)]),
      );
      requests.push({ query, params });
      searches.push(search);
      return HttpResponse.json({ ms: 1, ...(await answer(query ?? '', params)) });
    }),
  );
  return { requests, searches };
}
