import { describe, expect, it } from 'vitest';
import { guardedStore, type JsonStore, UnsafeBlobKeyError } from './blobs.ts';

/** A store that records every call: a refused key must never reach it. */
function recordingStore() {
  const calls: string[] = [];
  const store: JsonStore = {
    async getWithMetadata(key) {
      calls.push(`get ${key}`);
      return null;
    },
    async setJSON(key) {
      calls.push(`set ${key}`);
      return { modified: true };
    },
    async delete(key) {
      calls.push(`delete ${key}`);
    },
    async list() {
      return { blobs: [] };
    },
  };
  return { store, calls };
}

describe('guardedStore keys (issue 37 §2)', () => {
  it('passes the keys the shop builds', async () => {
    const { store, calls } = recordingStore();
    const guarded = guardedStore(store, 'test');
    for (const key of [
      'order-OUO_1732000000001',
      'razorpay-order_Fake00000006',
      'gateway-order-order_local1a2b',
      'pending',
    ]) {
      await guarded.getWithMetadata(key, { type: 'json' });
      await guarded.setJSON(key, {});
      await guarded.delete(key);
    }
    expect(calls).toHaveLength(12);
  });

  it.each([
    'x/../../site:orders/order-OUO_1732000000001',
    'order-OUO_1/..',
    'order-..',
    'a:b',
    '',
    '-leading-dash',
    'order-OUO_1\u200b',
    'x'.repeat(201),
  ])('refuses %j before the store is touched', async (key) => {
    const { store, calls } = recordingStore();
    const guarded = guardedStore(store, 'test');
    await expect(guarded.getWithMetadata(key, { type: 'json' })).rejects.toThrow(UnsafeBlobKeyError);
    await expect(async () => guarded.setJSON(key, {})).rejects.toThrow(UnsafeBlobKeyError);
    await expect(async () => guarded.delete(key)).rejects.toThrow(UnsafeBlobKeyError);
    expect(calls).toEqual([]);
  });
});
