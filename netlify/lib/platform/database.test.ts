import { afterEach, describe, expect, it, vi } from 'vitest';
import { databaseOn } from './database.ts';

/** A pool that answers every statement, records them, and can fail a rollback or drop an idle connection. */
function fakePool(options: { failOn?: string } = {}) {
  const said: string[] = [];
  const released: unknown[] = [];
  let onError: ((error: Error) => void) | undefined;
  const answer = async (text: string) => {
    said.push(text);
    if (text === options.failOn) throw new Error(`${text} failed`);
    return { rows: [{ text }] };
  };
  return {
    said,
    released,
    dropIdle: (error: Error) => onError?.(error),
    pool: {
      query: answer,
      connect: async () => ({ query: answer, release: (error?: Error | boolean) => released.push(error) }),
      end: async () => undefined,
      on: (_event: 'error', listener: (error: Error) => void) => {
        onError = listener;
      },
    },
  };
}

afterEach(() => vi.restoreAllMocks());

describe('databaseOn', () => {
  it('tells of an idle connection that failed, and keeps quiet about a server shutting down', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const fake = fakePool();
    databaseOn(fake.pool);
    fake.dropIdle(Object.assign(new Error('terminating connection'), { code: '57P01' }));
    expect(warn).not.toHaveBeenCalled();
    fake.dropIdle(new Error('connection reset'));
    expect(warn).toHaveBeenCalledWith('database: an idle connection failed: connection reset');
  });

  it('rolls back a failed transaction, and never hands on a connection that could not roll back', async () => {
    const fake = fakePool({ failOn: 'rollback' });
    const db = databaseOn(fake.pool);
    await expect(
      db.transaction(async (tx) => {
        await tx.query('select 1');
        throw new Error('the work failed');
      }),
    ).rejects.toThrow('the work failed');
    expect(fake.said).toEqual(['begin', 'select 1', 'rollback']);
    expect(fake.released).toEqual([new Error('rollback failed')]);
    expect(db.statements).toBe(3);
  });
});
