import { beforeAll, describe, expect, it, vi } from 'vitest';
import { STALE_CLAIM_MS } from '#shop/order-engine/index.ts';
import { freshDatabase } from '#tests/support/database.ts';
import type { Database, Queries } from '../platform/database.ts';
import { failure, type Outcome } from '../platform/outcome.ts';
import { RETRY_WINDOW_MS, retryDelayMs } from '../tasks/runner.ts';
import { claimTask, ensureTask, readTask } from '../tasks/site-tasks.ts';
import { fingerprintOf, type SubmitOnce, submissionKey, submissionResult, submitOnce } from './once.ts';

let db: Database;
let counter = 0;
beforeAll(async () => {
  ({ db } = await freshDatabase({ max: 12 }));
});

const content = { name: 'Asha', review: 'Lovely', productId: 3 };

/** A submission's task row as the submission's states name it (pending, sending, sent). */
async function recordOf(key: string) {
  const task = await readTask(db, key);
  if (!task) return undefined;
  const state = task.state === 'done' ? 'sent' : task.state === 'running' ? 'sending' : 'pending';
  return {
    kind: key.slice('submission/'.length, key.indexOf('-')),
    state,
    fingerprint: task.payload.fingerprint,
    receivedAt: task.created_at,
    attempts: task.attempts,
    ...(task.claimed_at ? { claimedAt: task.claimed_at } : {}),
    ...(typeof task.result.sentAt === 'string' ? { sentAt: task.result.sentAt } : {}),
    // The runner keeps the last failure's words on a done task; a sent submission shows none.
    ...(state !== 'sent' && task.last_error ? { lastError: task.last_error } : {}),
    ...(task.state === 'given-up' ? { gaveUp: true } : {}),
  };
}

/** A fresh id per test, and a Sheet that records what it was sent. */
function world(outcomes: Outcome[] = []) {
  counter += 1;
  const id = `submission-${counter}-abc`;
  const key = submissionKey('review', id);
  const sent: Date[] = [];
  const send = vi.fn(async (receivedAt: Date): Promise<Outcome> => {
    sent.push(receivedAt);
    return outcomes.shift() ?? { ok: true };
  });
  const submit = (overrides: Partial<SubmitOnce> = {}) =>
    submitOnce({ db, kind: 'review', id, content, send, ...overrides });
  return { id, key, send, sent, submit, record: () => recordOf(key) };
}

/** Another request received the submission and claimed it at `claimedAt`, and is writing it (or died). */
async function claimedBy(key: string, claimedAt: Date) {
  await ensureTask(db, { key, kind: 'submission', payload: { fingerprint: fingerprintOf(content) } }, claimedAt);
  const claimed = await claimTask(db, key, claimedAt);
  if (!claimed) throw new Error('not claimed');
  return claimed;
}

describe('submitOnce', () => {
  it('writes a new submission once and records it as sent; a resend is answered without writing', async () => {
    const { key, submit, send, record } = world();
    expect(await submit()).toEqual({ ok: true, duplicate: false });
    expect(await record()).toMatchObject({
      kind: 'review',
      state: 'sent',
      attempts: 1,
      fingerprint: fingerprintOf(content),
    });
    // Only a hash of what was sent: no name and no text in the record.
    expect(JSON.stringify(await readTask(db, key))).not.toMatch(/Asha|Lovely/);
    expect(JSON.stringify(await record())).not.toMatch(/Asha|Lovely/);
    expect(await submit()).toEqual({ ok: true, duplicate: true });
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('writes once when the same submission arrives many times at once', async () => {
    const { submit, send } = world();
    const results = await Promise.all(Array.from({ length: 8 }, () => submit()));
    expect(send).toHaveBeenCalledTimes(1);
    expect(results.filter((result) => result.ok && !result.duplicate)).toHaveLength(1);
    expect(results.every((result) => result.ok)).toBe(true);
  });

  it('keeps a failed write pending and writes it on a resend, with the first receipt time, once', async () => {
    let now = new Date('2026-03-01T10:00:00.000Z');
    const { submit, send, sent, record } = world([failure('UNREACHABLE', 'Sheet down')]);
    expect(await submit({ now: () => now })).toEqual({ ok: false, code: 'FAILED', message: 'Sheet down' });
    expect(await record()).toMatchObject({ state: 'pending', attempts: 1, lastError: 'Sheet down' });

    now = new Date('2026-03-02T09:00:00.000Z');
    const resends = await Promise.all([submit({ now: () => now }), submit({ now: () => now })]);
    expect(resends.every((result) => result.ok)).toBe(true);
    expect(send).toHaveBeenCalledTimes(2);
    expect(sent.map((date) => date.toISOString())).toEqual(['2026-03-01T10:00:00.000Z', '2026-03-01T10:00:00.000Z']);
    const settled = await record();
    expect(settled).toMatchObject({ state: 'sent', attempts: 2, sentAt: '2026-03-02T09:00:00.000Z' });
    expect(settled?.lastError).toBeUndefined();
  });

  it('refuses the same id with other content, writing nothing', async () => {
    const { submit, send } = world();
    await submit();
    const other = await submit({ content: { ...content, review: 'Something else' } });
    expect(other).toMatchObject({ ok: false, code: 'CONFLICT' });
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('waits for another request writing it, and says so when it takes too long', async () => {
    const { key, submit, send } = world();
    await claimedBy(key, new Date());
    expect(await submit({ waitMs: 200 })).toMatchObject({ ok: false, code: 'BUSY' });
    expect(send).not.toHaveBeenCalled();
  });

  it('sees the other request finish while it waits', async () => {
    const { key, submit, send } = world();
    const claimed = await claimedBy(key, new Date());
    setTimeout(
      () =>
        void db.query(`update tasks set state = 'done', claim = null where key = $1 and claim = $2`, [
          key,
          claimed.claim,
        ]),
      200,
    );
    expect(await submit()).toEqual({ ok: true, duplicate: true });
    expect(send).not.toHaveBeenCalled();
  });

  it('takes over a claim abandoned by a request that died', async () => {
    const { key, submit, send, record } = world();
    await claimedBy(key, new Date(Date.now() - STALE_CLAIM_MS - 1000));
    expect(await submit()).toEqual({ ok: true, duplicate: false });
    expect(send).toHaveBeenCalledTimes(1);
    expect(await record()).toMatchObject({ state: 'sent', attempts: 2 });
  });

  it('leaves a claim younger than STALE_CLAIM_MS to its request, answering in its own time', async () => {
    const { key, submit, send } = world();
    // A minute old: the 30 s of old would have taken it over; the one stale-claim time does not.
    await claimedBy(key, new Date(Date.now() - 60_000));
    const started = Date.now();
    expect(await submit({ waitMs: 300 })).toMatchObject({ ok: false, code: 'BUSY' });
    expect(Date.now() - started).toBeLessThan(2000);
    expect(send).not.toHaveBeenCalled();
  });

  it('starts afresh from a record it cannot read', async () => {
    const { key, submit, send, record } = world();
    await ensureTask(db, { key, kind: 'submission', payload: { something: 'else' } }, new Date());
    expect(await submit()).toEqual({ ok: true, duplicate: false });
    expect(send).toHaveBeenCalledTimes(1);
    expect(await record()).toMatchObject({ state: 'sent', fingerprint: fingerprintOf(content) });
  });

  it('leaves the record to whoever took over its claim when its own write failed', async () => {
    const { key, submit, record } = world();
    const send = vi.fn(async () => {
      await db.query(`update tasks set claim = 'another', claimed_at = '2026-01-01T00:00:00.000Z' where key = $1`, [
        key,
      ]);
      return failure('UNREACHABLE', 'Sheet down');
    });
    expect(await submit({ send })).toMatchObject({ ok: false, code: 'FAILED' });
    expect(await record()).toMatchObject({ state: 'sending', claimedAt: '2026-01-01T00:00:00.000Z' });
  });

  it('records sent even when another request recorded it first', async () => {
    const { key, submit, record } = world();
    const send = vi.fn(async (): Promise<Outcome> => {
      await db.query(
        `update tasks set state = 'done', claim = null, claimed_at = null, result = '{"sentAt":"2026-01-01T00:00:00.000Z"}' where key = $1`,
        [key],
      );
      return { ok: true };
    });
    expect(await submit({ send })).toEqual({ ok: true, duplicate: false });
    expect(await record()).toMatchObject({ state: 'sent', sentAt: '2026-01-01T00:00:00.000Z' });
  });

  it('settles a write that threw as failed, so a resend writes it at once rather than waiting for the claim', async () => {
    const { submit, send } = world();
    const throwing = vi.fn(async (): Promise<Outcome> => {
      throw new Error('socket hang up');
    });
    expect(await submit({ send: throwing })).toEqual({ ok: false, code: 'FAILED', message: 'socket hang up' });
    expect(await submit()).toEqual({ ok: true, duplicate: false });
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('gives up, writing nothing, when its claim keeps being lost', async () => {
    const { submit, send } = world();
    const losing: Queries = {
      query: (text, params) => (text.includes('skip locked') ? Promise.resolve([]) : db.query(text, params)),
    };
    expect(await submit({ db: losing, waitMs: 300 })).toMatchObject({ ok: false, code: 'BUSY' });
    expect(send).not.toHaveBeenCalled();
  });

  it('settles a failure by the one back-off, and a resend before its time still writes it now', async () => {
    const now = new Date('2026-03-01T10:00:00.000Z');
    const { key, submit, send } = world([failure('UNREACHABLE', 'Sheet down')]);
    await submit({ now: () => now });
    expect(await readTask(db, key)).toMatchObject({
      state: 'retry',
      run_at: new Date(now.getTime() + retryDelayMs(1)).toISOString(),
    });
    expect(await submit({ now: () => new Date(now.getTime() + 1000) })).toEqual({ ok: true, duplicate: false });
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('gives up after the retry window with the Sheet’s own words, and a later resend still writes it once', async () => {
    const first = new Date('2026-03-01T10:00:00.000Z');
    const late = new Date(first.getTime() + RETRY_WINDOW_MS);
    const { submit, send, record } = world([
      failure('UNREACHABLE', 'Sheet down'),
      failure('REFUSED', 'HTTP 403 (quota)'),
    ]);
    await submit({ now: () => first });
    expect(await submit({ now: () => late })).toMatchObject({ ok: false, code: 'FAILED' });
    expect(await record()).toMatchObject({
      state: 'pending',
      gaveUp: true,
      lastError: 'HTTP 403 (quota)',
      attempts: 2,
    });
    expect(await submit({ now: () => late })).toEqual({ ok: true, duplicate: false });
    expect(await submit({ now: () => late })).toEqual({ ok: true, duplicate: true });
    expect(send).toHaveBeenCalledTimes(3);
  });
});

describe('submissionResult', () => {
  it.each([
    [{ ok: true as const, duplicate: false }, 201, undefined],
    [{ ok: true as const, duplicate: true }, 201, undefined],
    [{ ok: false as const, code: 'CONFLICT' as const, message: 'x' }, 409, 'SUBMISSION_CONFLICT'],
    [{ ok: false as const, code: 'BUSY' as const, message: 'x' }, 503, 'SUBMISSION_IN_PROGRESS'],
    [{ ok: false as const, code: 'FAILED' as const, message: 'x' }, 502, 'SHEET_UNAVAILABLE'],
  ])('answers %o with %i', (result, status, code) => {
    const answer = submissionResult(result, 'Please try again.');
    expect(answer.status).toBe(status);
    if (code) expect(answer).toEqual({ ok: false, status, code, message: 'Please try again.' });
    else expect(answer).toEqual({ ok: true, status, body: { success: true } });
  });
});
