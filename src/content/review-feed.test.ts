import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { server } from '../../tests/support/msw.ts';
import {
  clearReviewsCache,
  feedUrl,
  loadReviews,
  parseGvizResponse,
  readLocalReviews,
  reviewSummaries,
  reviewsFor,
  selectReviews,
} from './review-feed.server.ts';
import { parseRating } from './review-table.server.ts';
import { formatCsvRow } from './sheet-csv.server.ts';

const TODAY = '2026-03-01';
const LABELS = ['id', 'product', 'name', 'email', 'location', 'rating', 'source', 'date', 'review', 'display'];

type GvizCell = { v: unknown; f?: string } | null;

/** A gviz table as Google sends it: typed columns with labels, rows of `{ c: [cell|null] }`. */
function gvizTable(rows: GvizCell[][], labels: (string | null)[] = LABELS) {
  return {
    version: '0.6',
    reqId: '0',
    status: 'ok',
    sig: '1234567',
    table: {
      cols: labels.map((label, index) => ({ id: String.fromCharCode(65 + index), label, type: 'string' })),
      rows: rows.map((c) => ({ c })),
      parsedNumHeaders: 1,
    },
  };
}

const v = (value: unknown): GvizCell => ({ v: value });

function row(overrides: Partial<Record<string, GvizCell>> = {}): GvizCell[] {
  const base: Record<string, GvizCell> = {
    id: v('r1'),
    product: v('Badri Cow Ghee'),
    name: v('Asha'),
    email: v('asha@example.com'),
    location: v('Dehradun, Uttarakhand'),
    rating: { v: 5, f: '5' },
    source: v('Website'),
    date: v('2026-02-01'),
    review: v('Smells like home.'),
    display: v('Yes'),
    ...overrides,
  };
  return LABELS.map((label) => base[label] ?? null);
}

const wrapped = (json: unknown) => `/*O_o*/\ngoogle.visualization.Query.setResponse(${JSON.stringify(json)});`;

describe('parseGvizResponse', () => {
  it('reads the usual wrapper and maps the shop-rules §3 fields, without the email', () => {
    const [review, ...rest] = parseGvizResponse(wrapped(gvizTable([row()])), TODAY);
    expect(rest).toEqual([]);
    expect(review).toEqual({
      id: 'r1',
      product: 'Badri Cow Ghee',
      customer: 'Asha',
      location: 'Dehradun, Uttarakhand',
      rating: 5,
      source: 'Website',
      date: '2026-02-01',
      review: 'Smells like home.',
    });
    expect(JSON.stringify(review)).not.toContain('asha@example.com');
  });

  it.each([
    ['without the comment', (json: unknown) => `google.visualization.Query.setResponse(${JSON.stringify(json)});`],
    [
      'with a longer prefix',
      (json: unknown) => `)]}'\n/*O_o*/\ngoogle.visualization.Query.setResponse(${JSON.stringify(json)});\n`,
    ],
    ['as bare JSON', (json: unknown) => JSON.stringify(json)],
  ])('finds the JSON object %s', (_name, wrap) => {
    expect(parseGvizResponse(wrap(gvizTable([row()])), TODAY)).toHaveLength(1);
  });

  it('keeps only rows whose display is yes in any letter case', () => {
    const rows = ['Yes', 'YES', 'yes', ' yEs ', 'No', 'no', '', 'y'].map((display, index) =>
      row({ id: v(`r${index}`), display: v(display) }),
    );
    rows.push(row({ id: v('nulled'), display: null }));
    const ids = parseGvizResponse(wrapped(gvizTable(rows)), TODAY).map((review) => review.id);
    expect(ids).toEqual(['r0', 'r1', 'r2', 'r3']);
  });

  it('prefers the formatted f over the value v', () => {
    const [review] = parseGvizResponse(
      wrapped(gvizTable([row({ rating: { v: 4, f: '4' }, date: { v: 'Date(2026,0,5)', f: '05/01/2026' } })])),
      TODAY,
    );
    expect(review?.rating).toBe(4);
    expect(review?.date).toBe('05/01/2026');
  });

  it('turns a gviz date value without f into YYYY-MM-DD', () => {
    const [review] = parseGvizResponse(wrapped(gvizTable([row({ date: v('Date(2026,0,5)') })])), TODAY);
    expect(review?.date).toBe('2026-01-05');
  });

  it('applies the defaults for missing and null cells; the id falls back to the row number', () => {
    const sparse = row({ id: null, rating: null, source: null, date: null, location: null });
    const short = [v(null), v('Himalayan Red Rice'), v('Ravi')]; // gviz may send fewer cells
    const rows = [row({ id: v('first') }), sparse, short.concat(Array(6).fill(null), [v('yes')])];
    const reviews = parseGvizResponse(wrapped(gvizTable(rows)), TODAY);
    expect(reviews[1]).toEqual({
      id: 'review-2',
      product: 'Badri Cow Ghee',
      customer: 'Asha',
      location: '',
      rating: 5,
      source: 'Website',
      date: TODAY,
      review: 'Smells like home.',
    });
    expect(reviews[2]).toMatchObject({ id: 'review-3', product: 'Himalayan Red Rice', customer: 'Ravi', review: '' });
  });

  it('reads ratings written as text, rounds and clamps them to 1–5, else 5', () => {
    const ratings: [GvizCell, number][] = [
      [v('4'), 4],
      [v(' 3 '), 3],
      [v('4.6'), 5],
      [v(2), 2],
      [v('9'), 5],
      [v('0'), 1],
      [v('-3'), 1],
      [v('great'), 5],
      [null, 5],
    ];
    const reviews = parseGvizResponse(wrapped(gvizTable(ratings.map(([rating]) => row({ rating })))), TODAY);
    expect(reviews.map((review) => review.rating)).toEqual(ratings.map(([, expected]) => expected));
    expect(parseRating(undefined)).toBe(5);
  });

  it('finds columns by label in any order and case, and ignores extra columns', () => {
    const labels = ['Display', 'Review', 'Rating', 'Name', 'Product', 'Notes'];
    const json = gvizTable([[v('YES'), v('Lovely'), v('3'), v('Meera'), v('Himalayan White Rajma'), v('x')]], labels);
    expect(parseGvizResponse(wrapped(json), TODAY)).toEqual([
      {
        id: 'review-1',
        product: 'Himalayan White Rajma',
        customer: 'Meera',
        location: '',
        rating: 3,
        source: 'Website',
        date: TODAY,
        review: 'Lovely',
      },
    ]);
  });

  it('reads the Product ID column (a catalogue id) for the feed, not for the browser', () => {
    const labels = [...LABELS, 'Product ID'];
    const ids: [GvizCell, number | undefined][] = [
      [v('3'), 3],
      [{ v: 5, f: '5' }, 5],
      [v(' 6 '), 6],
      [v(''), undefined],
      [null, undefined],
      [v('ghee'), undefined],
      [v('0'), undefined],
      [v('2.5'), undefined],
    ];
    const rows = ids.map(([cell], index) => [...row({ id: v(`r${index}`) }), cell]);
    const reviews = parseGvizResponse(wrapped(gvizTable(rows, labels)), TODAY);
    expect(reviews.map((review) => review.productId)).toEqual(ids.map(([, expected]) => expected));
    expect(Object.keys(reviews[3] ?? {})).not.toContain('productId');
  });

  it('reads the labels from the first row when gviz left the columns unlabelled', () => {
    const header = LABELS.map((label) => v(label));
    const json = gvizTable([header, row()], Array(LABELS.length).fill(''));
    expect(parseGvizResponse(wrapped(json), TODAY).map((review) => review.id)).toEqual(['r1']);
  });

  it('answers no reviews for a table without a display column or without rows', () => {
    expect(parseGvizResponse(wrapped(gvizTable([row()], ['a', 'b'])), TODAY)).toEqual([]);
    const empty = gvizTable([]);
    expect(parseGvizResponse(wrapped({ ...empty, table: { cols: empty.table.cols } }), TODAY)).toEqual([]);
  });

  it.each([
    ['no JSON at all', '<html><body>Sign in</body></html>'],
    ['broken JSON', '/*O_o*/\ngoogle.visualization.Query.setResponse({"table": );'],
    ['an error status', wrapped({ status: 'error', errors: [{ reason: 'access_denied' }] })],
    ['not a table', wrapped({ status: 'ok', table: { cols: 'x' } })],
  ])('throws for %s', (_name, text) => {
    expect(() => parseGvizResponse(text, TODAY)).toThrow();
  });
});

describe('readLocalReviews (the embedded Reviews.csv)', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'ouo-reviews-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('maps the CSV exactly as the feed: header row as labels, display yes only', async () => {
    const lines = [
      [...LABELS, 'type'],
      [
        'r1',
        'Badri Cow Ghee',
        'Asha',
        'asha@example.com',
        'Delhi',
        '4',
        'Website',
        '2026-02-01',
        'Good',
        'yes',
        'review',
      ],
      ['', 'Badri Cow Ghee', 'Ravi', 'ravi@example.com', '', '', '', '', 'Hidden', 'No', 'review'],
      ['', 'Badri Cow Ghee', 'Neha', 'neha@example.com', '', 'x', '', '', 'Shown', 'YES', 'review'],
    ];
    await writeFile(join(dir, 'Reviews.csv'), `\uFEFF${lines.map(formatCsvRow).join('\r\n')}\r\n`);
    const reviews = await readLocalReviews(dir, TODAY);
    expect(reviews.map((review) => [review.id, review.customer, review.rating, review.date])).toEqual([
      ['r1', 'Asha', 4, '2026-02-01'],
      ['review-3', 'Neha', 5, TODAY],
    ]);
  });

  it('has no reviews when the file does not exist', async () => {
    expect(await readLocalReviews(dir, TODAY)).toEqual([]);
  });
});

describe('selectReviews', () => {
  const review = (id: string, product: string, rating: number, date: string, productId?: number) => ({
    id,
    product,
    ...(productId === undefined ? {} : { productId }),
    customer: 'C',
    location: '',
    rating,
    source: 'Website',
    date,
    review: 'text',
  });
  const GHEE = { id: 3, name: 'Badri Cow Ghee' };
  const all = [
    review('a', 'Badri Cow Ghee', 5, '2026-01-01'),
    review('b', 'ghee', 4, '2026-02-10'),
    review('c', 'Himalayan Red Rice', 3, '2026-02-01', 5),
    review('d', ' BADRI  COW GHEE ', 4, '2026-02-10'),
    review('e', 'Badri Cow Ghee', 2, 'not a date'),
    review('f', 'Renamed ghee', 3, '2026-02-11', 3),
    review('g', 'Badri Cow Ghee', 1, '2026-02-12', 5),
  ];

  it('matches by product id, and rows without one by the exact name; newest first, later rows first on a tie', () => {
    const result = selectReviews(all, GHEE);
    expect(result.reviews.map((item) => item.id)).toEqual(['f', 'd', 'a', 'e']);
    expect(result.count).toBe(4);
    expect(result.average).toBe(3.5);
  });

  it('shows a review for product X only on X, whatever name its row carries', () => {
    expect(selectReviews(all, { id: 5, name: 'Himalayan Red Rice' }).reviews.map((item) => item.id)).toEqual([
      'g',
      'c',
    ]);
  });

  it('never matches by a part of a name: a review "for a" is on no product', () => {
    const short = [review('x', 'a', 5, '2026-01-01'), review('y', 'Rajma', 5, '2026-01-01')];
    for (const product of [GHEE, { id: 1, name: 'Himalayan White Rajma' }, { id: 2, name: 'Himalayan Red Rajma' }]) {
      expect(selectReviews(short, product).count).toBe(0);
    }
  });

  it('answers zero for a product without reviews', () => {
    expect(selectReviews(all, { id: 6, name: 'Wild Himalayan Tempering Spice' })).toEqual({
      reviews: [],
      average: 0,
      count: 0,
    });
  });

  it('copies only the public fields', () => {
    const leaky = { ...review('x', 'Ghee', 5, '2026-01-01', 3), email: 'x@example.com', display: 'Yes' };
    const [only] = selectReviews([leaky], GHEE).reviews;
    expect(Object.keys(only ?? {}).sort()).toEqual(
      ['customer', 'date', 'id', 'location', 'product', 'rating', 'review', 'source'].sort(),
    );
  });
});

describe('loadReviews (the feed reader)', () => {
  const SHEET_ID = 'sheet-abc';
  const env = { SHEET_ID, LOCAL_SHEETS_DIR: '/nonexistent' };
  let warn: MockInstance<typeof console.warn>;
  let requests = 0;

  function feedAnswers(reply: () => Response) {
    requests = 0;
    server.use(
      http.get(`https://docs.google.com/spreadsheets/d/${SHEET_ID}/gviz/tq`, ({ request }) => {
        const url = new URL(request.url);
        expect(url.searchParams.get('tqx')).toBe('out:json');
        expect(url.searchParams.get('sheet')).toBe('Reviews');
        requests += 1;
        return reply();
      }),
    );
  }

  beforeEach(() => {
    clearReviewsCache();
    vi.stubEnv('REVIEWS_CACHE_MS', undefined);
    warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllEnvs();
    vi.restoreAllMocks();
    clearReviewsCache();
  });

  it('fetches the gviz feed of the Reviews sheet', () => {
    expect(feedUrl(SHEET_ID)).toBe(
      'https://docs.google.com/spreadsheets/d/sheet-abc/gviz/tq?tqx=out:json&sheet=Reviews',
    );
  });

  it('caches the parsed feed for 5 minutes, then reads it again', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-01T10:00:00Z'));
    feedAnswers(() => new HttpResponse(wrapped(gvizTable([row()]))));
    expect(await loadReviews(env)).toHaveLength(1);
    expect(requests).toBe(1);
    vi.setSystemTime(new Date('2026-03-01T10:04:59Z'));
    expect(await loadReviews(env)).toHaveLength(1);
    expect(requests).toBe(1);
    vi.setSystemTime(new Date('2026-03-01T10:05:01Z'));
    expect(await loadReviews(env)).toHaveLength(1);
    expect(requests).toBe(2);
    expect(warn).not.toHaveBeenCalled();
  });

  it('honours REVIEWS_CACHE_MS, read at call time', async () => {
    vi.stubEnv('REVIEWS_CACHE_MS', '0');
    feedAnswers(() => new HttpResponse(wrapped(gvizTable([row()]))));
    await loadReviews(env);
    await loadReviews(env);
    expect(requests).toBe(2);
  });

  it.each([
    ['an HTTP error', () => new HttpResponse('nope', { status: 500 })],
    ['a sign-in page', () => new HttpResponse('<html>Sign in</html>', { status: 200 })],
    ['a network error', () => HttpResponse.error()],
  ])('answers no reviews and warns (not errors) on %s, and does not cache the failure', async (_name, reply) => {
    feedAnswers(reply);
    expect(await loadReviews(env)).toEqual([]);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('Reviews: feed unavailable'));
    feedAnswers(() => new HttpResponse(wrapped(gvizTable([row()]))));
    expect(await loadReviews(env)).toHaveLength(1);
  });

  it('reviewsFor and reviewSummaries read through the same cache', async () => {
    feedAnswers(() => new HttpResponse(wrapped(gvizTable([row(), row({ id: v('r2'), rating: v('4') })]))));
    const ghee = await reviewsFor({ id: 3, name: 'Badri Cow Ghee' }, env);
    expect(ghee).toMatchObject({ average: 4.5, count: 2 });
    const products = [
      { id: 3, name: 'Badri Cow Ghee' },
      { id: 5, name: 'Himalayan Red Rice' },
    ];
    expect(await reviewSummaries(products, env)).toEqual({
      summaries: [
        { productId: 3, product: 'Badri Cow Ghee', average: 4.5, count: 2 },
        { productId: 5, product: 'Himalayan Red Rice', average: 0, count: 0 },
      ],
    });
    expect(requests).toBe(1);
    const serialized = JSON.stringify(ghee);
    expect(serialized).not.toContain('email');
    expect(serialized).not.toMatch(/@/);
  });
});
