import { describe, expect, it } from 'vitest';
import {
  callsPerMinute,
  caughtUpAt,
  clock,
  DESTINATIONS,
  dayPlan,
  delaySummary,
  duration,
  emailCheck,
  minutesOverOne,
  sheetCheck,
} from './festival-plan.mjs';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const START = Date.parse('2026-11-05T18:30:00.000Z');

describe('dayPlan', () => {
  const plan = dayPlan({ start: START });

  it('plans 100 orders an hour and 300 in each burst hour: 3,000 in the day, oldest first, never two in one millisecond', () => {
    expect(plan).toHaveLength(3000);
    const perHour = Array.from({ length: 24 }, (_, hour) =>
      plan.filter((order) => Math.floor((order.at - START) / HOUR) === hour),
    ).map((orders) => orders.length);
    expect(perHour.filter((count) => count === 300)).toHaveLength(3);
    expect([perHour[10], perHour[13], perHour[20]]).toEqual([300, 300, 300]);
    expect(perHour.filter((count) => count === 100)).toHaveLength(21);
    expect(plan.every((order, index) => index === 0 || order.at > (plan[index - 1]?.at ?? 0))).toBe(true);
  });

  it('is the same plan every run, and a scaled day is that much smaller', () => {
    expect(dayPlan({ start: START })).toEqual(plan);
    expect(dayPlan({ start: START, scale: 0.1 })).toHaveLength(300);
    expect(dayPlan({ start: START, seed: 7 })).not.toEqual(plan);
  });

  it('varies carts and destinations, and has staff cancel a few percent within the hour', () => {
    const pincodes = new Set(plan.map((order) => order.destination.pincode));
    expect(pincodes).toEqual(new Set(DESTINATIONS.map((destination) => destination.pincode)));
    expect(new Set(plan.map((order) => order.lines.length))).toEqual(new Set([1, 2, 3]));
    const cancelled = plan.filter((order) => order.cancelAfterMs !== undefined);
    expect(cancelled.length / plan.length).toBeGreaterThan(0.02);
    expect(cancelled.length / plan.length).toBeLessThan(0.06);
    for (const order of cancelled) {
      expect(order.cancelAfterMs).toBeGreaterThanOrEqual(5 * MINUTE);
      expect(order.cancelAfterMs).toBeLessThan(HOUR);
    }
  });
});

describe("the report's arithmetic", () => {
  it('counts calls per minute over the whole run and over the minutes that had calls', () => {
    const calls = [START + 10, START + 20, START + 2 * MINUTE, START + 9 * MINUTE + 59_999];
    expect(callsPerMinute(calls, START, START + 10 * MINUTE)).toEqual({
      total: 4,
      minutes: 10,
      minutesWithCalls: 3,
      max: 2,
      meanAll: 0.4,
      meanWithCalls: 4 / 3,
      overOne: [{ minute: 0, calls: 2 }],
    });
  });

  it('allows two calls in a minute only where the first took a whole batch', () => {
    const writes = [
      { at: START + 5 * MINUTE, orders: 500, answer: 'wrote 500' },
      { at: START + 5 * MINUTE + 1, orders: 12, answer: 'wrote 12' },
      { at: START + 7 * MINUTE, orders: 3, answer: 'wrote 3' },
      { at: START + 7 * MINUTE + 5, orders: 1, answer: 'wrote 1' },
      { at: START + 8 * MINUTE, orders: 1, answer: 'wrote 1' },
    ];
    expect(minutesOverOne(writes, START, 500)).toEqual([
      { minute: 5, at: '00:05', writes: ['500 orders: wrote 500', '12 orders: wrote 12'], allowed: true },
      { minute: 7, at: '00:07', writes: ['3 orders: wrote 3', '1 orders: wrote 1'], allowed: false },
    ]);
  });

  it("sums up the Sheet's delay inside each burst hour, outside them, when the day ends and at the end", () => {
    const samples = [
      { at: START + 9 * HOUR, delayMs: 30_000 },
      { at: START + 10 * HOUR + MINUTE, delayMs: 90_000 },
      { at: START + 10 * HOUR + 2 * MINUTE, delayMs: 60_000 },
      { at: START + 23 * HOUR + 59 * MINUTE, delayMs: 45_000 },
      { at: START + 25 * HOUR, delayMs: 0 },
    ];
    expect(delaySummary(samples, { start: START, burstHours: [10, 13], dayEnd: START + 24 * HOUR })).toEqual({
      bursts: [
        { hour: 10, maxMs: 90_000 },
        { hour: 13, maxMs: 0 },
      ],
      outsideMaxMs: 45_000,
      dayEndMs: 45_000,
      endMs: 0,
    });
    expect(caughtUpAt(samples, START + 10 * HOUR, 60_000)).toBe(START + 10 * HOUR + 2 * MINUTE);
    expect(caughtUpAt(samples, START + 26 * HOUR, 60_000)).toBeUndefined();
  });

  it('reads times as the clock in India and durations in words', () => {
    expect(clock(13 * HOUR + 5 * MINUTE)).toBe('13:05');
    expect(clock(26 * HOUR + 10 * MINUTE + 30_000)).toBe('26:10');
    expect(duration(45_000)).toBe('45 s');
    expect(duration(45 * MINUTE)).toBe('45 min');
    expect(duration(HOUR + 5 * MINUTE)).toBe('1 h 05 min');
  });
});

describe('the checks', () => {
  const headers = ['Order ID', 'Status'];
  const expected = new Map([
    ['A', [['A', 'Delivered']]],
    [
      'B',
      [
        ['B', 'Booked'],
        ['B', 'Booked'],
      ],
    ],
    ['C', [['C', 'Returned']]],
    ['D', [['D', 'Lost']]],
  ]);

  it('finds rows missing, doubled or apart, not the newest state, and ids not expected', () => {
    const rows = [headers, ['A', 'Delivered'], ['B', 'Booked'], ['C', 'In transit'], ['B', 'Booked'], ['E', 'Placed']];
    expect(sheetCheck(rows, headers, expected)).toEqual({
      headerOk: true,
      orders: 4,
      rows: 5,
      outOfOrder: 0,
      missing: ['D'],
      unexpected: ['E'],
      doubled: ['B'],
      stale: ['C'],
      firstDifference: 'C row 1 Status: "In transit", not "Returned"',
    });
  });

  it('passes a tab that shows every order once, as it is now', () => {
    const rows = [headers, ...[...expected.values()].flat()];
    expect(sheetCheck(rows, headers, expected)).toMatchObject({
      headerOk: true,
      missing: [],
      unexpected: [],
      doubled: [],
      stale: [],
    });
    expect(sheetCheck([['Order'], ...rows.slice(1)], headers, expected).headerOk).toBe(false);
    // A and B written after the newer C and D: two orders whose rows sit below a newer order's.
    const late = [headers, ['C', 'Returned'], ['D', 'Lost'], ['A', 'Delivered'], ['B', 'Booked'], ['B', 'Booked']];
    expect(sheetCheck(late, headers, expected)).toMatchObject({ outOfOrder: 2, stale: [], doubled: [] });
    const reversed = [headers, ['D', 'Lost'], ['C', 'Returned'], ['B', 'Booked'], ['B', 'Booked'], ['A', 'Delivered']];
    expect(sheetCheck(reversed, headers, expected)).toMatchObject({ outOfOrder: 3, stale: [], doubled: [] });
  });

  it('finds emails sent twice, emails the log shows sent that never went, and emails the log does not show', () => {
    const email = (key: string, tag = key) => ({ key, body: { tags: [{ name: 'email_id', value: tag }] } });
    expect(
      emailCheck([email('A'), email('A-shipped'), email('A-x', 'A'), email('B')], ['A', 'A-shipped', 'C']),
    ).toEqual({
      sent: 4,
      expected: 3,
      twiceByKey: [],
      twiceByTag: ['A'],
      notSent: ['C'],
      notInLog: ['A-x', 'B'],
    });
  });
});
