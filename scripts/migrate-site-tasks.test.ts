import { describe, expect, it } from 'vitest';
import { pickupDay } from '../netlify/lib/pickups/service.ts';
import type { TaskRow } from '../netlify/lib/tasks/task-view.ts';
import { pickupTask, type SiteTaskOf, type SiteTaskRow, submissionTask } from './migrate-site-tasks.ts';

const RECEIVED = '2026-11-21T06:00:00.000Z';
const CLAIMED = '2026-11-21T06:00:01.000Z';
const SENT = '2026-11-21T06:00:02.000Z';

const rowOf = (mapped: SiteTaskOf): SiteTaskRow => {
  if (!('row' in mapped)) throw new Error(mapped.problem);
  return mapped.row;
};
/** The row as the database gives it back to the shop: no order, no claim. */
const asTask = (row: SiteTaskRow): TaskRow => ({ ...row, id: 1, order_id: null, claim: null, claimed_at: null });

describe('submissionTask', () => {
  const record = { kind: 'contact', fingerprint: 'abc', receivedAt: RECEIVED, attempts: 1 };

  it('a sent submission is a task done, its hash in the payload and its first receipt its creation', () => {
    expect(rowOf(submissionTask('contact-x1', { ...record, state: 'sent', claimedAt: CLAIMED, sentAt: SENT }))).toEqual(
      {
        key: 'submission/contact-x1',
        kind: 'submission',
        state: 'done',
        attempts: 1,
        run_at: SENT,
        armed_at: RECEIVED,
        first_attempt_at: null,
        last_error: null,
        payload: { fingerprint: 'abc' },
        result: { sentAt: SENT },
        created_at: RECEIVED,
        updated_at: SENT,
      },
    );
  });

  it('a failed write and a dead claim are both waiting to retry, for the resend to claim', () => {
    const failed = rowOf(submissionTask('contact-x1', { ...record, state: 'pending', lastError: 'Sheet down' }));
    expect(failed).toMatchObject({ state: 'retry', last_error: 'Sheet down', first_attempt_at: RECEIVED, result: {} });
    const sending = rowOf(submissionTask('contact-x1', { ...record, state: 'sending', claimedAt: CLAIMED }));
    expect(sending).toMatchObject({ state: 'retry', last_error: null, run_at: CLAIMED, result: {} });
    // Never claimed: no attempt to date from.
    const unclaimed = rowOf(submissionTask('contact-x1', { ...record, state: 'pending', attempts: 0 }));
    expect(unclaimed).toMatchObject({ state: 'retry', attempts: 0, first_attempt_at: null });
  });

  it('a record of another shape, or of another kind than its key, is a problem', () => {
    expect(submissionTask('contact-x1', { ...record, state: 'queued' })).toEqual({
      problem: expect.stringMatching(/^not a submission \(state: /),
    });
    expect(submissionTask('review-x1', { ...record, state: 'sent' })).toEqual({
      problem: 'holds a contact, not what its key names',
    });
  });
});

describe('pickupTask', () => {
  const day = {
    date: '2026-11-21',
    time: '16:00:00',
    location: 'Delhivery Uttarkashi hub',
    parcels: 3,
    attempts: 2,
    claimedAt: CLAIMED,
  };

  it('each status reads back through pickupDay as Blobs kept it, the claim left behind', () => {
    const made = { ...day, status: 'requested', pickupId: 'PU1', duplicate: false, requestedAt: SENT };
    const failed = { ...day, status: 'failed', error: 'HTTP 503', sheetStatus: 'Failed, retrying: HTTP 503' };
    const gaveUp = { ...day, status: 'gave-up', error: 'Low wallet' };
    for (const blobs of [made, failed, gaveUp]) {
      const { claimedAt: _claimedAt, ...kept } = blobs;
      expect(pickupDay(asTask(rowOf(pickupTask('pickup-2026-11-21', blobs))))).toEqual(kept);
    }
    expect(rowOf(pickupTask('pickup-2026-11-21', made))).toMatchObject({
      key: 'pickup/2026-11-21',
      kind: 'pickup',
      state: 'done',
      payload: { date: '2026-11-21', time: '16:00:00', location: 'Delhivery Uttarkashi hub', parcels: 3 },
      result: { pickupId: 'PU1', duplicate: false, requestedAt: SENT },
      first_attempt_at: null,
      updated_at: SENT,
    });
  });

  it('a day left requesting by a dead run is due again at once', () => {
    const row = rowOf(pickupTask('pickup-2026-11-21', { ...day, status: 'requesting' }));
    expect(row).toMatchObject({ state: 'retry', run_at: CLAIMED, first_attempt_at: CLAIMED, result: {} });
    expect(pickupDay(asTask(row)).status).toBe('failed');
  });

  it('a record of another shape, or of another day than its key, is a problem', () => {
    expect(pickupTask('pickup-2026-11-21', { date: '2026-11-21', state: 'requested', parcels: 1 })).toEqual({
      problem: expect.stringMatching(/^not a day's pickup \(status: /),
    });
    expect(pickupTask('pickup-2026-11-22', { ...day, status: 'requested' })).toEqual({
      problem: 'holds the day 2026-11-21, not what its key names',
    });
  });
});
