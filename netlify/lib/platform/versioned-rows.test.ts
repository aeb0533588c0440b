import { describe, expect, it } from 'vitest';
import { freshDatabase } from '#tests/support/database.ts';
import { versionedRows } from './versioned-rows.ts';

describe('versionedRows', () => {
  it('creates once, then writes only over the version read, across two views of one table', async () => {
    const { db } = await freshDatabase();
    const one = versionedRows(db, 'site_state');
    const two = versionedRows(db, 'site_state');
    expect(await one.setJSON('review-a', { n: 1 }, { onlyIfNew: true })).toEqual({ modified: true, etag: '1' });
    expect(await two.setJSON('review-a', { n: 2 }, { onlyIfNew: true })).toEqual({ modified: false });
    expect(await two.setJSON('review-a', { n: 2 }, { onlyIfMatch: '1' })).toEqual({ modified: true, etag: '2' });
    // The first view's version is stale now: its write changes nothing.
    expect(await one.setJSON('review-a', { n: 3 }, { onlyIfMatch: '1' })).toEqual({ modified: false });
    expect(await one.getWithMetadata('review-a', { type: 'json' })).toEqual({ data: { n: 2 }, etag: '2' });
    expect(await one.setJSON('review-a', { n: 4 })).toEqual({ modified: true, etag: '3' });
  });

  it('lists the keys under a prefix in order, and forgets a deleted one', async () => {
    const { db } = await freshDatabase();
    const pickups = versionedRows(db, 'site_state');
    for (const key of ['pickup-2026-12-02', 'pickup-2026-12-01', 'other-1']) await pickups.setJSON(key, {});
    expect(await pickups.list({ prefix: 'pickup-' })).toEqual({
      blobs: [{ key: 'pickup-2026-12-01' }, { key: 'pickup-2026-12-02' }],
    });
    await pickups.delete('pickup-2026-12-01');
    expect((await pickups.list({ prefix: 'pickup-' })).blobs).toEqual([{ key: 'pickup-2026-12-02' }]);
    expect(await pickups.getWithMetadata('pickup-2026-12-01', { type: 'json' })).toBeNull();
  });
});
