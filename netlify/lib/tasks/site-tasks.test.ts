/**
 * Tasks without an order on the test run's real PostgreSQL server: a claim taken with `for update
 * skip locked` holds between connections, a claim left by a worker that was stopped is taken over
 * after the one STALE_CLAIM_MS, and a settle follows the runner's one back-off policy.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { STALE_CLAIM_MS } from '#shop/order-engine/index.ts';
import { freshDatabase } from '#tests/support/database.ts';
import type { Database } from '../platform/database.ts';
import { RETRY_WINDOW_MS, retryDelayMs } from './runner.ts';
import { addToResult, claimTask, ensureTask, giveUpTask, readTask, settleTask } from './site-tasks.ts';

let db: Database;
let counter = 0;
beforeAll(async () => {
  ({ db } = await freshDatabase({ max: 12 }));
});

const T0 = new Date('2026-11-21T08:35:00.000Z');
const later = (ms: number) => new Date(T0.getTime() + ms);

/** A fresh task's key, its row written at T0. */
async function task(payload: Record<string, unknown> = {}) {
  counter += 1;
  const key = `pickup/test-${counter}`;
  await ensureTask(db, { key, kind: 'pickup', payload }, T0);
  return key;
}

describe('ensureTask', () => {
  it('writes the row once, however often it is asked, with no order', async () => {
    const key = await task({ parcels: 2 });
    await ensureTask(db, { key, kind: 'pickup', payload: { parcels: 9 } }, later(60_000));
    expect(await readTask(db, key)).toMatchObject({
      key,
      order_id: null,
      kind: 'pickup',
      state: 'pending',
      attempts: 0,
      payload: { parcels: 2 },
      run_at: T0.toISOString(),
      created_at: T0.toISOString(),
    });
  });
});

describe('claimTask', () => {
  it('gives the task to one of ten claimers at once, each on its own connection', async () => {
    const key = await task();
    const claims = await Promise.all(Array.from({ length: 10 }, () => claimTask(db, key, T0)));
    const held = claims.filter((claim) => claim !== undefined);
    expect(held).toHaveLength(1);
    expect(held[0]).toMatchObject({ state: 'running', attempts: 1, first_attempt_at: T0.toISOString() });
  });

  it('writes the attempt’s own facts over the payload with the claim', async () => {
    const key = await task({ parcels: 2, location: 'Hub' });
    expect((await claimTask(db, key, T0, { payload: { parcels: 3 } }))?.payload).toEqual({
      parcels: 3,
      location: 'Hub',
    });
  });

  it('leaves a fresh claim to its worker; one stopped mid-task is taken over after STALE_CLAIM_MS, once', async () => {
    const key = await task();
    const dead = await claimTask(db, key, T0);
    expect(await claimTask(db, key, later(STALE_CLAIM_MS - 1))).toBeUndefined();
    const both = await Promise.all([
      claimTask(db, key, later(STALE_CLAIM_MS)),
      claimTask(db, key, later(STALE_CLAIM_MS)),
    ]);
    const taken = both.filter((claim) => claim !== undefined);
    expect(taken).toHaveLength(1);
    expect(taken[0]).toMatchObject({ state: 'running', attempts: 2 });
    // The stopped worker's settle, should it ever come, finds its claim gone.
    if (!dead || !taken[0]) throw new Error('not claimed');
    expect(await settleTask(db, dead, { status: 'done' }, later(STALE_CLAIM_MS))).toBeUndefined();
    expect(
      await settleTask(db, taken[0], { status: 'done', result: { pickupId: 'PU1' } }, later(STALE_CLAIM_MS)),
    ).toMatchObject({
      state: 'done',
      claim: null,
      result: { pickupId: 'PU1' },
    });
  });
});

describe('settleTask', () => {
  it('retries a failure with the one back-off: not claimed before its time, claimed at it', async () => {
    const key = await task();
    const first = await claimTask(db, key, T0);
    if (!first) throw new Error('not claimed');
    const retry = await settleTask(db, first, { status: 'failed', error: 'HTTP 503' }, T0);
    expect(retry).toMatchObject({
      state: 'retry',
      last_error: 'HTTP 503',
      run_at: later(retryDelayMs(1)).toISOString(),
    });
    expect(await claimTask(db, key, later(retryDelayMs(1) - 1))).toBeUndefined();
    const second = await claimTask(db, key, later(retryDelayMs(1)));
    expect(second).toMatchObject({ attempts: 2 });
    if (!second) throw new Error('not claimed');
    const again = await settleTask(db, second, { status: 'failed', error: 'HTTP 503' }, later(retryDelayMs(1)));
    expect(again?.run_at).toBe(later(retryDelayMs(1) + retryDelayMs(2)).toISOString());
  });

  it('gives up after the retry window, keeping the provider’s own words', async () => {
    const key = await task();
    const first = await claimTask(db, key, T0);
    if (!first) throw new Error('not claimed');
    await settleTask(db, first, { status: 'failed', error: 'HTTP 503' }, T0);
    const late = later(RETRY_WINDOW_MS);
    const last = await claimTask(db, key, late);
    if (!last) throw new Error('not claimed');
    const words = 'HTTP 400 (Client wallet balance is Rs 12.50, please recharge to continue)';
    expect(await settleTask(db, last, { status: 'failed', error: words }, late)).toMatchObject({
      state: 'given-up',
      last_error: words,
    });
    expect(await claimTask(db, key, later(RETRY_WINDOW_MS * 2))).toBeUndefined();
    // Asked for again by a person, a given-up task is due at once.
    expect(await claimTask(db, key, late, { askedNow: true })).toMatchObject({ state: 'running', attempts: 3 });
  });
});

describe('giveUpTask and addToResult', () => {
  it('gives up only a task waiting to retry, and adds to a result only while the row is as read', async () => {
    const key = await task();
    expect(await giveUpTask(db, key, T0)).toBeUndefined();
    const claimed = await claimTask(db, key, T0);
    if (!claimed) throw new Error('not claimed');
    const failed = await settleTask(db, claimed, { status: 'failed', error: 'HTTP 503' }, T0);
    if (!failed) throw new Error('not settled');
    expect(await addToResult(db, failed, { sheetStatus: 'Failed' })).toMatchObject({
      result: { sheetStatus: 'Failed' },
    });
    const gaveUp = await giveUpTask(db, key, later(60_000));
    expect(gaveUp).toMatchObject({ state: 'given-up', last_error: 'HTTP 503' });
    expect(await addToResult(db, failed, { sheetStatus: 'stale' })).toBeUndefined();
  });
});
