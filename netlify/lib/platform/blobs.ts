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
import { mkdir, rmdir, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
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

/** One write queue per store and key for the whole process, however many store objects exist. */
const queues = new Map<string, Promise<unknown>>();

const LOCK_DIR = path.join(tmpdir(), 'ouo-blob-locks');
const STALE_LOCK_MS = 10_000;

/**
 * A lock that also spans worker threads and processes on one machine (Netlify's emulation runs
 * each request in its own worker): `mkdir` either creates the directory or fails, atomically.
 * On Netlify each function instance has its own /tmp, where this costs a syscall and changes nothing.
 */
async function withFileLock<T>(key: string, run: () => Promise<T>): Promise<T> {
  const lock = path.join(LOCK_DIR, createHash('sha256').update(key).digest('hex'));
  await mkdir(LOCK_DIR, { recursive: true });
  for (let attempt = 0; ; attempt += 1) {
    try {
      await mkdir(lock);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const age = await stat(lock).then(
        (info) => Date.now() - info.mtimeMs,
        () => 0,
      );
      if (age > STALE_LOCK_MS || attempt > 400) await rmdir(lock).catch(() => undefined);
      else await sleep(5 + Math.random() * 10);
    }
  }
  try {
    return await run();
  } finally {
    await rmdir(lock).catch(() => undefined);
  }
}

export function guardedStore(store: JsonStore, storeName = 'default'): JsonStore {
  const serial = <T>(blobKey: string, run: () => Promise<T>): Promise<T> => {
    const key = `${storeName}\u0000${blobKey}`;
    const previous = queues.get(key) ?? Promise.resolve();
    const locked = () => withFileLock(key, run);
    const next = previous.then(locked, locked);
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
      const entry = await readEntry(store, key, options);
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
