// `npm run migrate:orders` (scripts/migrate-orders.ts): the old order log's Blobs entries, read from the
// site's Blobs through Netlify's API or from the local sandbox of `npm start` and `netlify dev`.
import path from 'node:path';
import { getStore } from '@netlify/blobs';
import { BlobsServer } from '@netlify/blobs/server';

/** Blobs read at once: the site's API answers one request per entry. */
const READ_CONCURRENCY = 8;

const LOCAL_SITE_ID = '0';

// ---------------------------------------------------------------------------------------------------
// Reading Blobs

/** One Blobs entry: its JSON, or why it could not be read. */
export type Entry = { key: string; data: unknown } | { key: string; problem: string };

export interface BlobsSource {
  /** Every entry of a store, each parsed (an unreadable one says why). */
  read(store: string): Promise<Entry[]>;
  where: string;
  close(): Promise<void>;
}

interface RawStore {
  list(): Promise<{ blobs: { key: string }[] }>;
  get(key: string, options: { type: 'text' }): Promise<string | null>;
}

async function mapLimited<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next;
      next += 1;
      results[index] = await work(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

function sourceOn(open: (store: string) => RawStore, where: string, close: () => Promise<void>): BlobsSource {
  return {
    where,
    close,
    async read(name) {
      const store = open(name);
      const { blobs } = await store.list();
      const keys = blobs.map((blob) => blob.key).sort();
      return mapLimited(keys, READ_CONCURRENCY, async (key): Promise<Entry> => {
        let text: string | null;
        try {
          text = await store.get(key, { type: 'text' });
        } catch (error) {
          return { key, problem: `could not be read (${(error as Error).message})` };
        }
        if (text === null) return { key, problem: 'listed, but gone when read' };
        try {
          return { key, data: JSON.parse(text) };
        } catch (error) {
          return { key, problem: `unreadable JSON (${(error as Error).message})` };
        }
      });
    },
  };
}

/**
 * The site's Blobs (NETLIFY_SITE_ID, NETLIFY_AUTH_TOKEN; NETLIFY_API_URL for another API host), or the
 * local sandbox in `directory`, served for this run by Netlify's own Blobs server.
 */
export async function openBlobs(env: Record<string, string | undefined>, directory: string): Promise<BlobsSource> {
  const siteID = env.NETLIFY_SITE_ID?.trim();
  const token = env.NETLIFY_AUTH_TOKEN?.trim();
  if (siteID && token) {
    const apiURL = env.NETLIFY_API_URL?.trim();
    return sourceOn(
      (name) => getStore({ name, siteID, token, ...(apiURL ? { apiURL } : {}) }) as unknown as RawStore,
      `the Blobs of site ${siteID}`,
      async () => {},
    );
  }
  const localToken = 'migrate-orders';
  const server = new BlobsServer({ directory, token: localToken, logger: () => undefined });
  const { port } = await server.start();
  const apiURL = `http://localhost:${port}`;
  return sourceOn(
    (name) => getStore({ name, siteID: LOCAL_SITE_ID, token: localToken, apiURL }) as unknown as RawStore,
    `the local Blobs sandbox (${path.relative(process.cwd(), directory) || '.'})`,
    () => server.stop(),
  );
}
