import { describe, expect, it } from 'vitest';
import {
  describeRun,
  firstTapRows,
  formatCell,
  formatMs,
  markdownLines,
  median,
  medianOutcome,
  type Outcome,
  tableLines,
  timeLabel,
} from './first-tap-report.mjs';

const ms = (value: number): Outcome => ({ status: 'answered', ms: value });
const LOST: Outcome = { status: 'lost' };
const ABSENT: Outcome = { status: 'absent' };

describe('medianOutcome', () => {
  it('is the middle run, fastest first', () => {
    expect(medianOutcome([ms(300), ms(100), ms(200)])).toEqual(ms(200));
    expect(medianOutcome([ms(90)])).toEqual(ms(90));
    expect(medianOutcome([])).toBeUndefined();
  });

  it('counts an unanswered run as slower than any answered one', () => {
    expect(medianOutcome([LOST, ms(5000), ms(100)])).toEqual(ms(5000));
    expect(medianOutcome([LOST, LOST, ms(100)])).toEqual(LOST);
    expect(medianOutcome([ABSENT, LOST, ABSENT])).toEqual(ABSENT);
  });

  it('takes the slower middle run of an even count', () => {
    expect(medianOutcome([ms(100), ms(400)])).toEqual(ms(400));
    expect(medianOutcome([ms(100), LOST])).toEqual(LOST);
  });
});

describe('median', () => {
  it('of numbers, skipping what is not a number', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 2, 3])).toBe(2.5);
    expect(median([Number.NaN, 7])).toBe(7);
    expect(median([])).toBeNaN();
  });
});

describe('formatting', () => {
  it('writes times as the other benches do', () => {
    expect(formatMs(96.4)).toBe('96 ms');
    expect(formatMs(1620)).toBe('1.62 s');
    expect(timeLabel(0)).toBe('at paint');
    expect(timeLabel(500)).toBe('+0.5 s');
    expect(timeLabel(2000)).toBe('+2 s');
  });

  it('marks a cell against the target and counts the runs not answered', () => {
    expect(formatCell([ms(90), ms(96), ms(200)], 200)).toBe('96 ms ✓');
    expect(formatCell([ms(200), ms(201), ms(1620)], 200)).toBe('201 ms ✗');
    expect(formatCell([ms(100), ms(140), LOST], 200)).toBe('140 ms ✓ (1/3 lost)');
    expect(formatCell([LOST, LOST, LOST], 200)).toBe('lost ✗');
    expect(formatCell([LOST, LOST, ABSENT], 200)).toBe('lost ✗ (2/3 lost, 1/3 absent)');
    expect(formatCell([], 200)).toBe('–');
  });

  it('describes one run in a line', () => {
    const record = {
      outcome: ms(1620),
      tapAfterPaintMs: 131,
      paintMs: 1100,
      paintToldAfterMs: 20,
      liveAfterPaintMs: 1710,
      held: true,
      inputDelayMs: 12,
      eventTimingMs: 48,
    };
    expect(describeRun(record)).toBe('1.62 s (held; tapped 131 ms after paint; live 1.71 s after paint)');
    expect(
      describeRun({ ...record, outcome: ABSENT, held: false, tapAfterPaintMs: null, liveAfterPaintMs: null }),
    ).toBe('absent (not live yet)');
    expect(describeRun({ ...record, outcome: LOST, held: false, problem: 'the page never saw the tap' })).toBe(
      'lost (tapped 131 ms after paint; live 1.71 s after paint; the page never saw the tap)',
    );
  });
});

describe('the first-tap table', () => {
  const rows = firstTapRows(
    [
      { route: '/products/3', label: 'Add to Cart', byTime: [[ms(1600), ms(1500), ms(1700)], [ms(80)]] },
      { route: '/checkout', label: 'Place Order', byTime: [[LOST, LOST, LOST], [ms(502)]] },
    ],
    [0, 2000],
    200,
  );

  it('has a row per control on its route and a column per tap time', () => {
    expect(rows).toEqual([
      ['control on route (target ≤ 200 ms)', 'at paint', '+2 s'],
      ['/products/3 Add to Cart', '1.60 s ✗', '80 ms ✓'],
      ['/checkout Place Order', 'lost ✗', '502 ms ✗'],
    ]);
  });

  it('prints with padded columns', () => {
    expect(tableLines(rows)).toEqual([
      'control on route (target ≤ 200 ms)  at paint  +2 s',
      '----------------------------------  --------  --------',
      '/products/3 Add to Cart             1.60 s ✗  80 ms ✓',
      '/checkout Place Order               lost ✗    502 ms ✗',
    ]);
  });

  it('writes as Markdown for a decision record', () => {
    expect(
      markdownLines([
        ['a | b', 'c'],
        ['1', '2'],
      ]),
    ).toEqual(['| a \\| b | c |', '| --- | --- |', '| 1 | 2 |']);
  });
});
