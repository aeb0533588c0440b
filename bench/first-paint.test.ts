import type { Result } from 'lighthouse';
import { describe, expect, it } from 'vitest';
import { beforeFirstPaint } from './first-paint.mjs';

const NETWORK_START_TS = 5_000_000_000; // µs, the trace's clock

/** A Lighthouse result with just what beforeFirstPaint reads: a first paint 500 ms after the first request. */
function result(
  requests: { url: string; resourceType: string; start: number; size?: number }[],
  firstPaintTs?: number,
) {
  return {
    finalDisplayedUrl: 'http://127.0.0.1/products/3',
    audits: {
      metrics: {
        details: {
          items: [
            {
              observedFirstPaintTs: firstPaintTs,
              observedFirstContentfulPaintTs: NETWORK_START_TS + 600_000,
            },
          ],
        },
      },
      'network-requests': {
        details: {
          items: requests.map(({ url, resourceType, start, size = 1000 }) => ({
            url,
            resourceType,
            rendererStartTime: start,
            transferSize: size,
          })),
          debugData: { networkStartTimeTs: NETWORK_START_TS },
        },
      },
    },
  } as unknown as Result;
}

const PAGE = [
  { url: 'http://127.0.0.1/products/3', resourceType: 'Document', start: 0, size: 10_000 },
  { url: 'http://127.0.0.1/assets/style-1.css', resourceType: 'Stylesheet', start: 200, size: 13_000 },
  { url: 'http://127.0.0.1/assets/lora-1.woff2', resourceType: 'Font', start: 210, size: 27_000 },
  { url: 'http://127.0.0.1/media/jar-960w.avif', resourceType: 'Image', start: 220, size: 13_000 },
];
const FIRST_PAINT_TS = NETWORK_START_TS + 500_000;

describe('beforeFirstPaint', () => {
  it('counts the requests the renderer started before the observed first paint, on one clock', () => {
    const early = beforeFirstPaint(
      result(
        [...PAGE, { url: 'http://127.0.0.1/assets/app-1.js', resourceType: 'Script', start: 500 }],
        FIRST_PAINT_TS,
      ),
    );
    expect(early.firstPaintMs).toBe(500);
    expect(early.requests.map((request) => request.resourceType)).toEqual(['Document', 'Stylesheet', 'Font', 'Image']);
    expect(early.bytes).toBe(63_000);
    expect(early.types).toEqual({ Document: 1, Stylesheet: 1, Font: 1, Image: 1 });
    expect(early).toMatchObject({ met: true, problems: [], flags: [] });
  });

  it('misses the rule with a script, a second font or another type; flags a second image', () => {
    const early = beforeFirstPaint(
      result(
        [
          ...PAGE,
          { url: 'http://127.0.0.1/assets/app-1.js', resourceType: 'Script', start: 300 },
          { url: 'http://127.0.0.1/assets/lora-2.woff2', resourceType: 'Font', start: 300 },
          { url: 'http://127.0.0.1/manifest.json', resourceType: 'Other', start: 300 },
          { url: 'http://127.0.0.1/logo.svg', resourceType: 'Image', start: 300 },
        ],
        FIRST_PAINT_TS,
      ),
    );
    expect(early.met).toBe(false);
    expect(early.problems).toEqual([
      '2 Font (at most 1 allowed): lora-1.woff2, lora-2.woff2',
      '1 Script (none allowed): app-1.js',
      '1 Other (none allowed): manifest.json',
    ]);
    expect(early.flags).toEqual(['2 images']);
  });

  it("lists the browser's own request for the tab icon without counting it", () => {
    const early = beforeFirstPaint(
      result([...PAGE, { url: 'http://127.0.0.1/favicon.svg', resourceType: 'Other', start: 300 }], FIRST_PAINT_TS),
    );
    expect(early.types).toEqual({ Document: 1, Stylesheet: 1, Font: 1, Image: 1 });
    expect(early).toMatchObject({ met: true, problems: [] });
    expect(early.flags).toEqual(["favicon.svg (the browser's own, not counted)"]);
    const other = beforeFirstPaint(
      result([...PAGE, { url: 'http://127.0.0.1/icons/tab.svg', resourceType: 'Other', start: 300 }], FIRST_PAINT_TS),
    );
    expect(other.met).toBe(false);
  });

  it('falls back to the first contentful paint when Chromium reported no first paint', () => {
    expect(beforeFirstPaint(result(PAGE)).firstPaintMs).toBe(600);
  });
});
