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
import { withLock } from './file-lock.ts';

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

/**
 * Every key is letters, digits, `_` and `-` (issue 37 §2). Keys are built from ids that arrive in
 * requests (`order-<orderId>`, `gateway-order-<razorpay order id>`); the schemas check each id's
 * own pattern first, and this is the last door: a `/`, `.` or `:` would let a key reach another
 * entry or another store (the local sandbox resolves `..`).
 */
const SAFE_KEY = /^[A-Za-z0-9][A-Za-z0-9_-]{0,199}$/;

export class UnsafeBlobKeyError extends Error {
  constructor(key: string) {
    super(`Refused a Blobs key outside [A-Za-z0-9_-]: ${JSON.stringify(key.slice(0, 80))}`);
    this.name = 'UnsafeBlobKeyError';
  }
}

function safeKey(key: string): string {
  if (!SAFE_KEY.test(key)) throw new UnsafeBlobKeyError(key);
  return key;
}

export function guardedStore(store: JsonStore, storeName = 'default'): JsonStore {
  const serial = <T>(blobKey: string, run: () => Promise<T>): Promise<T> =>
    withLock(`blobs\u0000${storeName}\u0000${safeKey(blobKey)}`, run);

  return {
    async getWithMetadata(key, options) {
      const entry = await readEntry(store, safeKey(key), options);
      if (!entry) return null;
      return { data: entry.data, etag: entry.etag ?? contentTag(entry.data) };
    },
    setJSON(key, data, options = {}) {
      return serial(key, async () => {
        if (options.onlyIfMatch?.startsWith(CONTENT_TAG)) {
          const current = await readEntry(store, key, { type: 'json' });
          if (!current || contentTag(current.data) !== options.onlyIfMatch) return { modified: false };
          return store.setJSON(key, data);
        }
        if (options.onlyIfNew) {
          if (await readEntry(store, key, { type: 'json' })) return { modified: false };
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

/**
 * An entry that is not valid JSON (the local sandbox can leave an empty file behind when a write
 * is cut off) reads as absent, so it is written afresh instead of failing every later request.
 */
async function readEntry(store: JsonStore, key: string, options: { type: 'json' }) {
  try {
    return await store.getWithMetadata(key, options);
  } catch (error) {
    if (!(error instanceof SyntaxError)) throw error;
    console.warn(`blobs: entry ${key} is not valid JSON; treating it as absent`);
    return null;
  }
}

export function blobStore(name: string): JsonStore {
  return guardedStore(getStore({ name, consistency: 'strong' }) as unknown as JsonStore, name);
}
