import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REVIEWS_IN_STRUCTURED_DATA, reviewDigest } from './review-digest.server.ts';
import { clearReviewsCache } from './review-feed.server.ts';
import { formatCsvRow } from './sheet-csv.server.ts';

const GHEE = { id: 3, name: 'Badri Cow Ghee' };
const LABELS = ['id', 'product', 'name', 'email', 'location', 'rating', 'source', 'date', 'review', 'display'];

function row(customer: string, rating: number, date: string, display = 'yes') {
  return [
    '',
    'Badri Cow Ghee',
    customer,
    `${customer}@example.com`,
    'Delhi',
    String(rating),
    'Website',
    date,
    'Lovely',
    display,
  ];
}

describe('reviewDigest (build-time reviews for structured data)', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'ouo-digest-'));
    vi.stubEnv('LOCAL_SHEETS_DIR', dir);
    vi.stubEnv('SHEET_ID', '');
    clearReviewsCache();
  });
  afterEach(async () => {
    vi.unstubAllEnvs();
    clearReviewsCache();
    await rm(dir, { recursive: true, force: true });
  });

  it('rates over every displayed review and keeps the latest few, without emails', async () => {
    const rows = [
      LABELS,
      ...Array.from({ length: 7 }, (_, index) => row(`c${index}`, index % 2 ? 4 : 5, `2026-01-0${index + 1}`)),
    ];
    rows.push(row('hidden', 1, '2026-02-01', 'no'));
    await writeFile(join(dir, 'Reviews.csv'), `${rows.map(formatCsvRow).join('\r\n')}\r\n`);
    const digest = await reviewDigest(GHEE);
    expect(digest?.count).toBe(7);
    expect(digest?.average).toBe(4.6);
    expect(digest?.latest).toHaveLength(REVIEWS_IN_STRUCTURED_DATA);
    expect(digest?.latest[0]).toEqual({ customer: 'c6', rating: 5, date: '2026-01-07', review: 'Lovely' });
    expect(JSON.stringify(digest)).not.toContain('@example.com');
  });

  it('is empty when there are no reviews for the product', async () => {
    expect(await reviewDigest({ id: 5, name: 'Himalayan Red Rice' })).toEqual({ average: 0, count: 0, latest: [] });
  });

  it("reads only the feed's own settings: one the functions would refuse does not matter here", async () => {
    vi.stubEnv('DELHIVERY_BASE_URL', 'not a url');
    await writeFile(
      join(dir, 'Reviews.csv'),
      `${[LABELS, row('c1', 4, '2026-01-01')].map(formatCsvRow).join('\r\n')}\r\n`,
    );
    expect(await reviewDigest(GHEE)).toMatchObject({ average: 4, count: 1 });
  });

  it('shows no reviews instead of failing the build when the feed cannot be read', async () => {
    await mkdir(join(dir, 'Reviews.csv')); // a folder where the file should be: reading it fails
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(await reviewDigest(GHEE)).toEqual({ average: 0, count: 0, latest: [] });
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('Reviews: feed unavailable, showing none'));
  });
});
