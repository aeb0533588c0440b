import { describe, expect, it } from 'vitest';
import { indiaDayAndTime, pickupDecision, pickupStatusLabel, pickupWindow } from './pickup.ts';

// India is UTC+05:30: 14:00 in India is 08:30 UTC; India's day starts at 18:30 UTC the day before.
const at = (iso: string) => new Date(iso);

describe('indiaDayAndTime', () => {
  it("reads India's day and time, across UTC midnight", () => {
    expect(indiaDayAndTime(at('2026-11-20T18:29:00Z'))).toEqual({ date: '2026-11-20', time: '23:59' });
    expect(indiaDayAndTime(at('2026-11-20T18:30:00Z'))).toEqual({ date: '2026-11-21', time: '00:00' });
    expect(indiaDayAndTime(at('2026-11-21T08:30:00Z'))).toEqual({ date: '2026-11-21', time: '14:00' });
  });
});

describe('pickupWindow', () => {
  it('waits before the cut-off, is open from it until the pickup time, and closes then', () => {
    expect(pickupWindow(at('2026-11-21T08:29:00Z'), '14:00', '16:00')).toEqual({
      date: '2026-11-21',
      time: '16:00:00',
      state: 'before-cutoff',
    });
    expect(pickupWindow(at('2026-11-21T08:30:00Z'), '14:00', '16:00').state).toBe('open');
    expect(pickupWindow(at('2026-11-21T10:29:00Z'), '14:00', '16:00').state).toBe('open');
    expect(pickupWindow(at('2026-11-21T10:30:00Z'), '14:00', '16:00').state).toBe('closed');
  });

  it("takes India's day, not UTC's: 00:10 in India is still the previous day in UTC", () => {
    // 2026-11-21 18:40 UTC is 00:10 on 22 November in India: a new day, before its cut-off.
    expect(pickupWindow(at('2026-11-21T18:40:00Z'), '14:00', '16:00')).toEqual({
      date: '2026-11-22',
      time: '16:00:00',
      state: 'before-cutoff',
    });
    // 2026-11-21 18:20 UTC is 23:50 on 21 November in India: that day's window has closed.
    expect(pickupWindow(at('2026-11-21T18:20:00Z'), '14:00', '16:00')).toMatchObject({
      date: '2026-11-21',
      state: 'closed',
    });
    // An early cut-off that falls on the previous UTC day: 05:00 in India is 23:30 UTC.
    expect(pickupWindow(at('2026-11-20T23:30:00Z'), '05:00', '09:00')).toMatchObject({
      date: '2026-11-21',
      state: 'open',
    });
  });

  it('stays open for the rest of the day when the pickup time is not after the cut-off', () => {
    expect(pickupWindow(at('2026-11-21T18:29:00Z'), '16:00', '16:00').state).toBe('open');
    expect(pickupWindow(at('2026-11-21T09:00:00Z'), '16:00', '11:00').state).toBe('before-cutoff');
  });
});

describe('pickupDecision', () => {
  const window = (state: 'before-cutoff' | 'open' | 'closed') => ({ date: '2026-11-21', time: '16:00:00', state });

  it('requests the waiting parcels in the window', () => {
    expect(pickupDecision(window('open'), 3)).toEqual({ action: 'request', parcels: 3 });
  });

  it('asks for nothing when no parcel waits', () => {
    expect(pickupDecision(window('open'), 0)).toEqual({ action: 'none' });
  });

  it('waits before the cut-off and is late after the pickup time, parcels or not', () => {
    expect(pickupDecision(window('before-cutoff'), 5)).toEqual({ action: 'wait' });
    expect(pickupDecision(window('closed'), 5)).toEqual({ action: 'late' });
    expect(pickupDecision(window('closed'), 0)).toEqual({ action: 'late' });
  });
});

describe('pickupStatusLabel', () => {
  it("says each state in the Sheet's words, with the reason of a failure", () => {
    expect(pickupStatusLabel({ status: 'requesting' })).toBe('Requesting');
    expect(pickupStatusLabel({ status: 'requested' })).toBe('Requested');
    expect(pickupStatusLabel({ status: 'failed', error: 'HTTP 503' })).toBe('Failed, retrying: HTTP 503');
    expect(pickupStatusLabel({ status: 'gave-up', error: 'HTTP 503' })).toBe('Not requested: HTTP 503');
    expect(pickupStatusLabel({ status: 'gave-up' })).toBe('Not requested: no reason given');
  });
});
