/**
 * The lock directory's contended paths, made deterministic: elsewhere they run only when two
 * processes happen to collide, so the coverage of netlify/lib moved from run to run.
 */
import { createHash, randomUUID } from 'node:crypto';
import { mkdir, rm, symlink, utimes } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { withLock } from './file-lock.ts';

const lockDir = path.join(tmpdir(), 'ouo-locks');
const lockPath = (key: string) => path.join(lockDir, createHash('sha256').update(key).digest('hex'));

describe('withLock across processes', () => {
  it('waits while another process holds the lock, then runs', async () => {
    const key = `file-lock-test-${randomUUID()}`;
    await mkdir(lockPath(key), { recursive: true });
    let ran = false;
    const task = withLock(key, async () => {
      ran = true;
    });
    await sleep(60);
    expect(ran).toBe(false);
    await rm(lockPath(key), { recursive: true });
    await task;
    expect(ran).toBe(true);
  });

  it('takes over a lock older than ten seconds, left by a process that died holding it', async () => {
    const key = `file-lock-test-${randomUUID()}`;
    await mkdir(lockPath(key), { recursive: true });
    const minuteAgo = new Date(Date.now() - 60_000);
    await utimes(lockPath(key), minuteAgo, minuteAgo);
    await expect(withLock(key, async () => 'ran')).resolves.toBe('ran');
  });

  it('retries when the lock is gone by the time it is examined', async () => {
    const key = `file-lock-test-${randomUUID()}`;
    await mkdir(lockDir, { recursive: true });
    // A dangling link exists for mkdir (EEXIST) but not for stat (ENOENT): the moment between
    // another process's release and our look at the lock, held still.
    await symlink(path.join(lockDir, `missing-${randomUUID()}`), lockPath(key));
    const task = withLock(key, async () => 'ran');
    await sleep(60);
    await rm(lockPath(key));
    await expect(task).resolves.toBe('ran');
  });
});
