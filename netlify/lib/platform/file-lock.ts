/**
 * The one lock for work that must not overlap: appends to a local CSV tab, and writes to one key
 * of the local Blobs sandbox. Within a process, tasks on one key run one after another; across
 * worker threads and processes on one machine (Netlify's emulation runs requests in workers) a
 * lock directory is held, because `mkdir` either creates it or fails, atomically. On Netlify each
 * function instance has its own /tmp, where this costs a syscall and changes nothing.
 */
import { createHash } from 'node:crypto';
import { mkdir, rmdir, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const LOCK_DIR = path.join(tmpdir(), 'ouo-locks');
/** A lock older than this belongs to a process that died holding it. */
const STALE_LOCK_MS = 10_000;

const queues = new Map<string, Promise<unknown>>();

export function withLock<T>(key: string, task: () => Promise<T>): Promise<T> {
  const previous = queues.get(key) ?? Promise.resolve();
  const locked = () => withLockDirectory(key, task);
  const next = previous.then(locked, locked);
  const settled = next.catch(() => undefined);
  queues.set(key, settled);
  void settled.finally(() => {
    if (queues.get(key) === settled) queues.delete(key);
  });
  return next;
}

async function withLockDirectory<T>(key: string, task: () => Promise<T>): Promise<T> {
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
    return await task();
  } finally {
    await rmdir(lock).catch(() => undefined);
  }
}
