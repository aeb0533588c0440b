/**
 * /api/reviews at the HTTP boundary, as Netlify calls it: reads come from the local Reviews.csv (or
 * the gviz feed when SHEET_ID is set, mocked with msw), submissions go to the local CSV in a
 * temporary LOCAL_SHEETS_DIR (or to the Apps Script web app, mocked with msw), each recorded once
 * by its submission id as a task row in the file's database.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import reviews, { config } from '../../netlify/functions/reviews.mts';
import { database } from '../../netlify/lib/platform/database.ts';
import { REVIEW_HEADERS } from '../../netlify/lib/sheets/submission-tabs.ts';
import { submissionKey } from '../../netlify/lib/submissions/once.ts';
import { readTask } from '../../netlify/lib/tasks/site-tasks.ts';
import { clearReviewsCache } from '../../src/content/review-feed.server.ts';
import { formatCsvRow, parseCsv, readCsv } from '../../src/content/sheet-csv.server.ts';

import {
  errorEnvelopeSchema,
  reviewSummariesResponseSchema,
  reviewsResponseSchema,
  submissionAcceptedSchema,
} from '../../src/shop/schemas/index.ts';
import { text as shopText } from '../../src/shop/texts/server.ts';
import { functionSandbox, newSubmissionId, scriptDownAtFirst } from '../support/functions.ts';
import { server } from '../support/msw.ts';
import { recordingAppsScript, stubAppsScriptEnv } from '../support/sheets.ts';

const SCRIPT_URL = 'https://script.google.com/macros/s/AKfycb-reviews/exec';

function get(query = ''): Promise<Response> {
  return reviews(new Request(`http://localhost/api/reviews${query}`));
}

function post(body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return reviews(
    new Request('http://localhost/api/reviews', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    }),
  );
}

const submission = (overrides: Record<string, unknown> = {}) => ({
  productId: 3,
  submissionId: newSubmissionId('review-test'),
  name: 'Asha',
  email: 'asha@example.com',
  rating: 4,
  review: 'Smells like home.',
  location: 'Dehradun, Uttarakhand',
  ...overrides,
});

const sandbox = functionSandbox('reviews', ['SHEET_ID', 'REVIEWS_CACHE_MS']);
const warn = () => sandbox.warn();
beforeEach(() => clearReviewsCache());
afterEach(() => clearReviewsCache());

const reviewsCsv = () => path.join(sandbox.sheetsDir(), 'Reviews.csv');

async function reviewRows(): Promise<Record<string, string>[]> {
  const [header, ...rows] = await readCsv(reviewsCsv());
  if (!header) return [];
  return rows.map((row) => Object.fromEntries(header.map((label, index) => [label, row[index] ?? ''])));
}

describe('config', () => {
  it('serves /api/reviews for GET and POST with one rate limit for both', () => {
    expect(config.path).toBe('/api/reviews');
    expect(config.method, 'every method reaches the function, which answers 405 itself').toBeUndefined();
    expect(config.rateLimit).toMatchObject({ windowLimit: 120, windowSize: 60 });
  });

  it('answers other methods with 405', async () => {
    const response = await reviews(new Request('http://localhost/api/reviews', { method: 'DELETE' }));
    expect(response.status).toBe(405);
    expect(response.headers.get('Allow')).toBe('GET, POST');
  });
});

describe('the embedded sheet, end to end', () => {
  it('writes a review with Display No, hides it, and shows it once Display is Yes and the cache expired', async () => {
    const accepted = await post(submission());
    expect(accepted.status).toBe(201);
    expect(submissionAcceptedSchema.parse(await accepted.json())).toEqual({ success: true });

    const [row, ...others] = await reviewRows();
    expect(others).toEqual([]);
    expect(row).toMatchObject({
      product: 'Badri Cow Ghee',
      'Product ID': '3',
      name: 'Asha',
      email: 'asha@example.com',
      rating: '4',
      source: 'Website',
      display: 'No',
      type: 'review',
    });
    expect(row?.id).toMatch(/^review-review-test-\d+-\d+$/);
    expect(row?.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    const before = reviewsResponseSchema.parse(await (await get('?product=3')).json());
    expect(before).toEqual({ reviews: [], average: 0, count: 0 });

    // Staff publish it: Display → Yes. The cached (empty) feed still answers until it expires.
    const table = parseCsv(await readFile(reviewsCsv(), 'utf8'));
    const display = REVIEW_HEADERS.indexOf('display');
    (table[1] as string[])[display] = 'Yes';
    await writeFile(reviewsCsv(), `${table.map(formatCsvRow).join('\r\n')}\r\n`);
    expect((await (await get('?product=3')).json()).count).toBe(0);

    vi.stubEnv('REVIEWS_CACHE_MS', '0');
    const after = reviewsResponseSchema.parse(await (await get('?product=3')).json());
    expect(after.count).toBe(1);
    expect(after.average).toBe(4);
    expect(after.reviews[0]).toMatchObject({
      customer: 'Asha',
      product: 'Badri Cow Ghee',
      rating: 4,
      source: 'Website',
    });

    const summaries = reviewSummariesResponseSchema.parse(await (await get()).json()).summaries;
    expect(summaries).toHaveLength(6);
    expect(summaries.find((summary) => summary.productId === 3)).toEqual({
      productId: 3,
      product: 'Badri Cow Ghee',
      average: 4,
      count: 1,
    });
    expect(summaries.find((summary) => summary.product === 'Himalayan Red Rice')).toMatchObject({ count: 0 });
  });

  it('never sends an email or the email column to the browser', async () => {
    vi.stubEnv('REVIEWS_CACHE_MS', '0');
    const lines = [
      [...REVIEW_HEADERS],
      ['r1', 'Badri Cow Ghee', 'Asha', 'asha@example.com', '', '5', '', '2026-01-01', 'Lovely', 'YES', 'review', '3'],
      ['r2', 'Badri Cow Ghee', 'Ravi', 'ravi@example.com', 'Pune', '3', '', '2026-02-01', 'Good', 'yes', 'review', ''],
    ];
    await writeFile(reviewsCsv(), `${lines.map(formatCsvRow).join('\r\n')}\r\n`);
    const text = await (await get('?product=3')).text();
    const body = reviewsResponseSchema.parse(JSON.parse(text));
    expect(body.reviews.map((review) => review.id)).toEqual(['r2', 'r1']);
    expect(body.average).toBe(4);
    expect(text).not.toContain('email');
    expect(text).not.toMatch(/[\w.+-]+@[\w-]+\.[\w.]+/);
    const summaries = await (await get()).text();
    expect(summaries).not.toContain('email');
  });

  it('answers 400 for an empty product, 404 for one not in the catalogue', async () => {
    expect((await get('?product=%20')).status).toBe(400);
    expect((await get('?product=99')).status).toBe(404);
    expect((await get('?product=Ghee')).status).toBe(404);
  });
});

describe('the public feed matches reviews to products by id, never by a part of a name', () => {
  beforeEach(async () => {
    vi.stubEnv('REVIEWS_CACHE_MS', '0');
    const row = (id: string, product: string, productId: string) => [
      id,
      product,
      'C',
      'c@example.com',
      '',
      '5',
      '',
      '2026-01-01',
      `Review ${id}`,
      'yes',
      'review',
      productId,
    ];
    const lines = [
      [...REVIEW_HEADERS],
      row('by-id', 'Himalayan Red Rice', '5'),
      row('renamed', 'Our old red rice', '5'),
      row('old-row', 'himalayan  red RICE', ''),
      row('for-a', 'a', ''),
      row('part', 'Rice', ''),
      row('ghee', 'Badri Cow Ghee', '3'),
    ];
    await writeFile(reviewsCsv(), `${lines.map(formatCsvRow).join('\r\n')}\r\n`);
  });

  const idsFor = async (query: string) =>
    reviewsResponseSchema
      .parse(await (await get(query)).json())
      .reviews.map((review) => review.id)
      .sort();

  it('shows a review for product id X only on X; an old row without an id by its exact name', async () => {
    expect(await idsFor('?product=5')).toEqual(['by-id', 'old-row', 'renamed']);
    expect(await idsFor('?product=3')).toEqual(['ghee']);
    // The product page used to ask by name: an exact name still answers the same.
    expect(await idsFor('?product=Himalayan%20Red%20Rice')).toEqual(['by-id', 'old-row', 'renamed']);
  });

  it('puts a review "for a" (or for "Rice") on no product at all', async () => {
    const all = new Set<string>();
    for (let id = 1; id <= 6; id += 1) for (const review of await idsFor(`?product=${id}`)) all.add(review);
    expect(all.has('for-a')).toBe(false);
    expect(all.has('part')).toBe(false);
    const summaries = reviewSummariesResponseSchema.parse(await (await get()).json()).summaries;
    expect(summaries.map((summary) => [summary.productId, summary.count])).toEqual([
      [1, 0],
      [2, 0],
      [3, 1],
      [4, 0],
      [5, 3],
      [6, 0],
    ]);
  });
});

describe('POST /api/reviews', () => {
  it('drops a bot that filled the honeypot: 201, nothing written', async () => {
    const response = await post(submission({ website: 'http://spam.example' }));
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ success: true });
    expect(await readCsv(reviewsCsv())).toEqual([]);
  });

  it.each([
    [{ name: '' }, shopText('forms.name')],
    [{ email: 'not-an-email' }, shopText('forms.email')],
    [{ rating: 6 }, shopText('forms.rating')],
    [{ rating: 0 }, shopText('forms.rating')],
    [{ review: '   ' }, shopText('forms.review')],
    [{ submissionId: undefined }, shopText('request.submissionId')],
    [{ submissionId: 'bad id!' }, shopText('request.submissionId')],
  ])('refuses %o with 422 and its message', async (overrides, message) => {
    const response = await post(submission(overrides));
    expect(response.status).toBe(422);
    const { error } = errorEnvelopeSchema.parse(await response.json());
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.message).toBe(message);
    expect(await readCsv(reviewsCsv())).toEqual([]);
  });

  it('refuses a body over 16 KB and broken JSON', async () => {
    expect((await post(submission({ review: 'x'.repeat(17 * 1024) }))).status).toBe(413);
    expect((await post('{"name":')).status).toBe(400);
  });

  it('refuses a review for a product id not in the catalogue with 422, writing nothing', async () => {
    const body = submission({ productId: 99 });
    const response = await post(body);
    expect(response.status).toBe(422);
    expect(errorEnvelopeSchema.parse(await response.json()).error).toEqual({
      code: 'UNKNOWN_PRODUCT',
      message: 'Product 99 is not in our catalogue.',
      issues: [{ path: 'productId', message: 'Product 99 is not in our catalogue.' }],
    });
    expect(await readCsv(reviewsCsv())).toEqual([]);
    expect(await readTask(database(), submissionKey('review', body.submissionId))).toBeUndefined();
  });

  it.each([
    ['a rating of true', { rating: true }],
    ['a rating in an array', { rating: [3] }],
    ['a rating in hex', { rating: '0x3' }],
    ['a rating with an exponent', { rating: '3e0' }],
    ['half a star', { rating: 2.5 }],
    ['a product id in an array', { productId: [1] }],
    ['a product id of true', { productId: true }],
    ['a product id in hex', { productId: '0x1' }],
    ['a product id with an exponent', { productId: '1e0' }],
    ['a product id past every integer', { productId: 1e300 }],
  ])("refuses %s with 422 in the shop's words, writing nothing (issue 37 §6)", async (_name, change) => {
    const body = { ...submission(), ...change };
    const response = await post(body);
    expect(response.status).toBe(422);
    const { error } = errorEnvelopeSchema.parse(await response.json());
    expect(error.code).toBe('VALIDATION_FAILED');
    expect([shopText('forms.rating'), shopText('request.productId')]).toContain(error.message);
    expect(await readCsv(reviewsCsv())).toEqual([]);
  });

  it.each([
    ['a name of one zero-width space', { name: '\u200b' }],
    ['a review of NULs and bidi marks', { review: '\u0000\u200e\u202e' }],
  ])('refuses %s as missing (422), writing nothing (issue 37 §1)', async (_name, change) => {
    const response = await post({ ...submission(), ...change });
    expect(response.status).toBe(422);
    expect(errorEnvelopeSchema.parse(await response.json()).error.code).toBe('VALIDATION_FAILED');
    expect(await readCsv(reviewsCsv())).toEqual([]);
  });

  it('stores an invisible-led formula with its apostrophe: the guard sees the cleaned text (issue 37 §7)', async () => {
    const response = await post({ ...submission(), name: '\u200b=HYPERLINK("http://x.test","win")' });
    expect(response.status).toBe(201);
    const [row] = await reviewRows();
    expect(row?.name).toBe('\'=HYPERLINK("http://x.test","win")');
  });

  it('takes a rating and a product id sent as the digits a form field holds', async () => {
    const response = await post({ ...submission(), rating: '4', productId: ' 3 ' });
    expect(response.status).toBe(201);
    expect(await reviewRows()).toHaveLength(1);
  });

  it('refuses a text/plain post (a form on any site) with 415, and a cross-site post with 403, writing nothing', async () => {
    const asForm = await post(submission(), { 'Content-Type': 'text/plain' });
    expect(asForm.status).toBe(415);
    expect(errorEnvelopeSchema.parse(await asForm.json()).error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    const crossSite = await post(submission(), { Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' });
    expect(crossSite.status).toBe(403);
    expect(errorEnvelopeSchema.parse(await crossSite.json()).error.code).toBe('CROSS_SITE');
    expect(await readCsv(reviewsCsv())).toEqual([]);
    const sameOrigin = await post(submission(), { Origin: 'http://localhost', 'Sec-Fetch-Site': 'same-origin' });
    expect(sameOrigin.status).toBe(201);
    expect(await reviewRows()).toHaveLength(1);
  });

  it('stores a review sent again and again, even all at once, as one row', async () => {
    const body = submission();
    expect((await post(body)).status).toBe(201);
    expect((await post(body)).status).toBe(201);
    const together = await Promise.all([post(body), post(body), post(body)]);
    expect(together.map((response) => response.status)).toEqual([201, 201, 201]);
    const concurrent = submission();
    const first = await Promise.all(Array.from({ length: 4 }, () => post(concurrent)));
    expect(first.map((response) => response.status)).toEqual([201, 201, 201, 201]);
    const rows = await reviewRows();
    expect(rows.map((row) => row.id).sort()).toEqual(
      [`review-${body.submissionId}`, `review-${concurrent.submissionId}`].sort(),
    );
  });

  // Netlify's emulation (`npm run dev`) runs each request in its own worker with its own modules;
  // two fresh imports of the function stand in for two workers.
  it('stores a double submit once when each request runs in its own worker thread', async () => {
    vi.resetModules();
    const first = (await import('../../netlify/functions/reviews.mts')).default;
    vi.resetModules();
    const second = (await import('../../netlify/functions/reviews.mts')).default;
    const body = submission();
    const request = () =>
      new Request('http://localhost/api/reviews', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
    stubAppsScriptEnv(SCRIPT_URL, 'sheet-secret');
    const script = scriptDownAtFirst(SCRIPT_URL);
    script.up();
    const responses = await Promise.all([first(request()), second(request()), first(request())]);
    expect(responses.map((response) => response.status)).toEqual([201, 201, 201]);
    // One write reached the Sheet: the Sheet's own duplicate check was not needed.
    expect(script.received).toEqual([`review-${body.submissionId}`]);
  });

  it('refuses the same submission id with other content (409), writing nothing more', async () => {
    const body = submission();
    expect((await post(body)).status).toBe(201);
    const changed = await post({ ...body, review: 'Changed my mind.' });
    expect(changed.status).toBe(409);
    expect(errorEnvelopeSchema.parse(await changed.json()).error.code).toBe('SUBMISSION_CONFLICT');
    expect(await reviewRows()).toHaveLength(1);
  });

  it('defaults the rating to 5 and neutralises formulas in the row', async () => {
    const { rating: _rating, ...withoutRating } = submission({ name: '=HYPERLINK("http://evil","x")', review: '+1' });
    expect((await post(withoutRating)).status).toBe(201);
    const [row] = await reviewRows();
    expect(row).toMatchObject({ rating: '5', name: `'=HYPERLINK("http://evil","x")`, review: "'+1" });
  });

  describe('with the Apps Script configured', () => {
    beforeEach(() => stubAppsScriptEnv(SCRIPT_URL, 'sheet-secret'));

    it('posts the secret, type, tab, id, headers and one row', async () => {
      const { received } = recordingAppsScript({ ok: true }, SCRIPT_URL);
      expect((await post(submission())).status).toBe(201);
      expect(received).toHaveLength(1);
      const body = received[0] as { id: string; rows: string[][] };
      expect(body).toMatchObject({
        secret: 'sheet-secret',
        type: 'review',
        tab: 'Reviews',
        headers: [...REVIEW_HEADERS],
      });
      expect(body.rows).toHaveLength(1);
      expect(body.rows[0]?.[0]).toBe(body.id);
      expect(body.rows[0]?.slice(1, 4)).toEqual(['Badri Cow Ghee', 'Asha', 'asha@example.com']);
      expect(body.rows[0]?.slice(9)).toEqual(['No', 'review', '3']);
      expect(await readCsv(reviewsCsv())).toEqual([]);
    });

    it('writes a review whose first write failed when it is sent again, once, even if resent at once', async () => {
      const script = scriptDownAtFirst(SCRIPT_URL);
      const body = submission();
      expect((await post(body)).status).toBe(502);
      script.up();
      const resends = await Promise.all([post(body), post(body), post(body)]);
      expect(resends.map((response) => response.status)).toEqual([201, 201, 201]);
      expect((await post(body)).status).toBe(201);
      expect(script.received).toEqual([`review-${body.submissionId}`]);
    });

    it.each([
      ['the script is down', () => new HttpResponse('Service Unavailable', { status: 503 })],
      ['the script refuses', () => HttpResponse.json({ ok: false, error: 'bad secret' })],
      ['the network fails', () => HttpResponse.error()],
    ])('answers 502 SHEET_UNAVAILABLE with the shop-rules §8 message when %s', async (_name, reply) => {
      server.use(http.post(SCRIPT_URL, reply));
      const response = await post(submission());
      expect(response.status).toBe(502);
      const { error } = errorEnvelopeSchema.parse(await response.json());
      expect(error).toEqual({ code: 'SHEET_UNAVAILABLE', message: 'Oops! Something went wrong. Please try again.' });
      expect(warn()).toHaveBeenCalledWith(expect.stringContaining('Sheet: Reviews row'));
    });
  });
});

describe('GET /api/reviews from the gviz feed', () => {
  it('reads the published sheet when SHEET_ID is set, and answers an empty list when it is down', async () => {
    vi.stubEnv('SHEET_ID', 'sheet-xyz');
    const feed = {
      status: 'ok',
      table: {
        cols: ['id', 'product', 'name', 'email', 'rating', 'display'].map((label) => ({ label, type: 'string' })),
        rows: [
          {
            c: [
              { v: 'g1' },
              { v: 'Himalayan Red Rice' },
              { v: 'Meera' },
              { v: 'm@example.com' },
              { v: 4, f: '4' },
              { v: 'Yes' },
            ],
          },
        ],
      },
    };
    server.use(
      http.get('https://docs.google.com/spreadsheets/d/sheet-xyz/gviz/tq', () =>
        HttpResponse.text(`/*O_o*/\ngoogle.visualization.Query.setResponse(${JSON.stringify(feed)});`),
      ),
    );
    const text = await (await get('?product=Himalayan%20Red%20Rice')).text();
    expect(reviewsResponseSchema.parse(JSON.parse(text))).toMatchObject({ count: 1, average: 4 });
    expect(text).not.toContain('m@example.com');

    clearReviewsCache();
    server.use(http.get('https://docs.google.com/spreadsheets/d/sheet-xyz/gviz/tq', () => HttpResponse.error()));
    const down = await get('?product=Himalayan%20Red%20Rice');
    expect(down.status).toBe(200);
    expect(await down.json()).toEqual({ reviews: [], average: 0, count: 0 });
    expect(warn()).toHaveBeenCalledWith(expect.stringContaining('Reviews: feed unavailable'));
  });
});
