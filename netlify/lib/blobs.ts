/**
 * The few Netlify Blobs operations the order log needs, as an interface, so the log runs on the
 * real store (strong consistency) and tests run it on Netlify's local Blobs server.
 *
 * Netlify Blobs makes create-only and compare-and-swap writes atomic through ETags. The local
 * sandbox (used by `npm run dev`, `npm start` and tests) returns no ETag on reads and checks its
 * conditions without a lock, so `guardedStore` serialises writes per key within the process and,
 * where the store gives no ETag, compares content instead. With real Blobs the native conditions
 * still apply across function instances.
 */
import { createHash } from 'node:crypto';
import { getStore } from '@netlify/blobs';

export interface JsonStore {
  getWithMetadata(key: string, options: { type: 'json' }): Promise<{ data: unknown; etag?: string } | null>;
  setJSON(
    key: string,
    data: unknown,
    options?: { onlyIfNew?: boolean; onlyIfMatch?: string },
  ): Promise<{ modified: boolean; etag?: string }>;
  delete(key: string): Promise<void>;
  list(options: { prefix: string }): Promise<{ blobs: { key: string }[] }>;
}

const CONTENT_TAG = 'content:';
const contentTag = (data: unknown) =>
  `${CONTENT_TAG}${createHash('sha256').update(JSON.stringify(data)).digest('hex')}`;

export function guardedStore(store: JsonStore): JsonStore {
  const queues = new Map<string, Promise<unknown>>();
  const serial = <T>(key: string, run: () => Promise<T>): Promise<T> => {
    const previous = queues.get(key) ?? Promise.resolve();
    const next = previous.then(run, run);
    queues.set(
      key,
      next
        .catch(() => undefined)
        .finally(() => {
          if (queues.get(key) === next) queues.delete(key);
        }),
    );
    return next;
  };

  return {
    async getWithMetadata(key, options) {
      const entry = await store.getWithMetadata(key, options);
      if (!entry) return null;
      return { data: entry.data, etag: entry.etag ?? contentTag(entry.data) };
    },
    setJSON(key, data, options = {}) {
      return serial(key, async () => {
        if (options.onlyIfMatch?.startsWith(CONTENT_TAG)) {
          const current = await store.getWithMetadata(key, { type: 'json' });
          if (!current || contentTag(current.data) !== options.onlyIfMatch) return { modified: false };
          return store.setJSON(key, data);
        }
        if (options.onlyIfNew) {
          if (await store.getWithMetadata(key, { type: 'json' })) return { modified: false };
        }
        return store.setJSON(key, data, options);
      });
    },
    delete: (key) => serial(key, () => store.delete(key)),
    // The local sandbox ignores most prefixes; listing everything and filtering here is correct
    // everywhere and cheap at this shop's scale (a few thousand keys).
    async list({ prefix }) {
      const { blobs } = await store.list({ prefix: '' });
      return { blobs: blobs.filter((blob) => blob.key.startsWith(prefix)) };
    },
  };
}

export function blobStore(name: string): JsonStore {
  return guardedStore(getStore({ name, consistency: 'strong' }) as unknown as JsonStore);
}
