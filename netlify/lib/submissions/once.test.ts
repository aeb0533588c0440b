import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestBlobs, type TestBlobs } from '#tests/support/blobs.ts';
import type { JsonStore } from '../platform/blobs.ts';
import { failure, type Outcome } from '../platform/outcome.ts';
import {
  CLAIM_STALE_MS,
  fingerprintOf,
  type SubmissionRecord,
  type SubmitOnce,
  submissionKey,
  submissionResult,
  submitOnce,
} from './once.ts';

let blobs: TestBlobs;
let counter = 0;
beforeAll(async () => {
  blobs = await startTestBlobs();
});
afterAll(async () => {
  await blobs.stop();
});

const content = { name: 'Asha', review: 'Lovely', productId: 3 };

/** A fresh store and id per test, and a Sheet that records what it was sent. */
function world(outcomes: Outcome[] = []) {
  counter += 1;
  const store = blobs.store(`submissions-${counter}`);
  const id = `submission-${counter}-abc`;
  const sent: Date[] = [];
  const send = vi.fn(async (receivedAt: Date): Promise<Outcome> => {
    sent.push(receivedAt);
    return outcomes.shift() ?? { ok: true };
  });
  const submit = (overrides: Partial<SubmitOnce> = {}) =>
    submitOnce({ store, kind: 'review', id, content, send, ...overrides });
  const record = async () =>
    (await store.getWithMetadata(submissionKey('review', id), { type: 'json' }))?.data as SubmissionRecord | undefined;
  return { store, id, send, sent, submit, record };
}

/** The record of a submission another request claimed at `claimedAt` and is writing. */
function claimedBy(claimedAt: string): SubmissionRecord {
  return {
    kind: 'review',
    state: 'sending',
    fingerprint: fingerprintOf(content),
    receivedAt: claimedAt,
    claimedAt,
    attempts: 1,
  };
}

describe('submitOnce', () => {
  it('writes a new submission once and records it as sent; a resend is answered without writing', async () => {
    const { submit, send, record } = world();
    expect(await submit()).toEqual({ ok: true, duplicate: false });
    expect(await record()).toMatchObject({
      kind: 'review',
      state: 'sent',
      attempts: 1,
      fingerprint: fingerprintOf(content),
    });
    // Only a hash of what was sent: no name and no text in the record.
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
    const { store, id, submit, send } = world();
    await store.setJSON(submissionKey('review', id), claimedBy(new Date().toISOString()));
    expect(await submit({ waitMs: 200 })).toMatchObject({ ok: false, code: 'BUSY' });
    expect(send).not.toHaveBeenCalled();
  });

  it('sees the other request finish while it waits', async () => {
    const { store, id, submit, send } = world();
    const key = submissionKey('review', id);
    const claimed = claimedBy(new Date().toISOString());
    await store.setJSON(key, claimed);
    setTimeout(() => void store.setJSON(key, { ...claimed, state: 'sent' }), 200);
    expect(await submit()).toEqual({ ok: true, duplicate: true });
    expect(send).not.toHaveBeenCalled();
  });

  it('takes over a claim abandoned by a request that died', async () => {
    const { store, id, submit, send, record } = world();
    const long = new Date(Date.now() - CLAIM_STALE_MS - 1000).toISOString();
    await store.setJSON(submissionKey('review', id), claimedBy(long));
    expect(await submit()).toEqual({ ok: true, duplicate: false });
    expect(send).toHaveBeenCalledTimes(1);
    expect(await record()).toMatchObject({ state: 'sent', attempts: 2 });
  });

  it('starts afresh from a record it cannot read', async () => {
    const { store, id, submit, send, record } = world();
    await store.setJSON(submissionKey('review', id), { something: 'else' });
    expect(await submit()).toEqual({ ok: true, duplicate: false });
    expect(send).toHaveBeenCalledTimes(1);
    expect(await record()).toMatchObject({ state: 'sent' });
  });

  it('leaves the record to whoever took over its claim when its own write failed', async () => {
    const { store, id, submit, record } = world();
    const key = submissionKey('review', id);
    const send = vi.fn(async () => {
      const current = (await store.getWithMetadata(key, { type: 'json' }))?.data as SubmissionRecord;
      await store.setJSON(key, { ...current, claimedAt: '2026-01-01T00:00:00.000Z' });
      return failure('UNREACHABLE', 'Sheet down');
    });
    expect(await submit({ send })).toMatchObject({ ok: false, code: 'FAILED' });
    expect(await record()).toMatchObject({ state: 'sending', claimedAt: '2026-01-01T00:00:00.000Z' });
  });

  it('records sent even when another request recorded it first', async () => {
    const { store, id, submit, record } = world();
    const key = submissionKey('review', id);
    const send = vi.fn(async (): Promise<Outcome> => {
      const current = (await store.getWithMetadata(key, { type: 'json' }))?.data as SubmissionRecord;
      await store.setJSON(key, { ...current, state: 'sent', sentAt: '2026-01-01T00:00:00.000Z' });
      return { ok: true };
    });
    expect(await submit({ send })).toEqual({ ok: true, duplicate: false });
    expect(await record()).toMatchObject({ state: 'sent', sentAt: '2026-01-01T00:00:00.000Z' });
  });

  it('gives up, writing nothing, when the record keeps changing under it', async () => {
    const { store, submit, send } = world();
    const racing: JsonStore = {
      ...store,
      getWithMetadata: (key, options) => store.getWithMetadata(key, options),
      setJSON: (key, data, options) =>
        options?.onlyIfMatch ? Promise.resolve({ modified: false }) : store.setJSON(key, data, options),
    };
    expect(await submit({ store: racing })).toMatchObject({ ok: false, code: 'BUSY' });
    expect(send).not.toHaveBeenCalled();
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
