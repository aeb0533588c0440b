import { describe, expect, it, vi } from 'vitest';
import { reviewsEnv } from '../../../src/content/review-feed.server.ts';
import type { Queries } from '../platform/database.ts';
import { readServerEnv } from '../platform/env.ts';
import { productReviews, type ReviewsDeps, submitReview } from './service.ts';

describe('the reviews feed environment', () => {
  it.each([
    {},
    { SHEET_ID: '  ', LOCAL_SHEETS_DIR: 'elsewhere', CONTEXT: 'production' },
    { SHEET_ID: 'sheet-1', CONTEXT: 'deploy-preview' },
  ])('is read at build time as the functions read theirs: %o', (source) => {
    const { SHEET_ID, LOCAL_SHEETS_DIR, CONTEXT } = readServerEnv(source);
    expect(reviewsEnv(source)).toEqual({ SHEET_ID, LOCAL_SHEETS_DIR, CONTEXT });
  });
});

describe('the reviews service', () => {
  const deps = (): ReviewsDeps => ({
    catalogue: async () => [{ id: 3, name: 'Badri Cow Ghee' }],
    feed: { LOCAL_SHEETS_DIR: '/nonexistent', CONTEXT: 'dev' },
    db: {} as Queries,
    sheets: { appendReview: vi.fn() },
  });
  const review = {
    submissionId: 'review-service-1',
    productId: 3,
    name: 'Asha',
    email: 'asha@example.com',
    rating: 5,
    review: 'Lovely',
  };

  it('takes a bot at its word and writes nothing', async () => {
    const world = deps();
    expect(await submitReview(world, { ...review, website: 'spam' })).toEqual({
      ok: true,
      status: 201,
      body: { success: true },
    });
    expect(world.sheets.appendReview).not.toHaveBeenCalled();
  });

  it('refuses a product the catalogue does not have, naming the field', async () => {
    expect(await submitReview(deps(), { ...review, productId: 99 })).toEqual({
      ok: false,
      status: 422,
      code: 'UNKNOWN_PRODUCT',
      message: 'Product 99 is not in our catalogue.',
      issues: [{ path: 'productId', message: 'Product 99 is not in our catalogue.' }],
    });
  });

  it('reads a product by its id or its exact name', async () => {
    expect(await productReviews(deps(), ' ')).toMatchObject({ status: 400, code: 'INVALID_PRODUCT' });
    expect(await productReviews(deps(), 'ghee')).toMatchObject({ status: 404, code: 'UNKNOWN_PRODUCT' });
    expect(await productReviews(deps(), 'badri cow ghee')).toMatchObject({ status: 200, body: { count: 0 } });
    expect(await productReviews(deps(), '3')).toMatchObject({ status: 200, body: { count: 0 } });
  });
});
