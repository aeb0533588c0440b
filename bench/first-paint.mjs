// @ts-check
// What a page requested before its first paint, read from one Lighthouse result (used by
// bench/lighthouse.mjs), and whether that keeps to the rule of issue 22 (BEFORE_FIRST_PAINT in
// bench/targets.mjs): HTML, CSS, the LCP image, at most one font, no JavaScript.
//
// Both figures come from the observed (unthrottled) load that Lighthouse simulates from, on one
// clock: the `metrics` audit gives the first paint as a trace timestamp (`observedFirstPaintTs`, µs;
// the first contentful paint when Chromium reported no first paint), and the `network-requests`
// audit gives each request's times in ms after the earliest request, whose own trace timestamp is
// its `debugData.networkStartTimeTs` (µs). A request counts when the renderer asked for it
// (`rendererStartTime`) before the first paint, even if its bytes arrived after.
import { BEFORE_FIRST_PAINT } from './targets.mjs';

/**
 * @typedef {{ url: string, resourceType: string, startMs: number, transferSize: number }} EarlyRequest
 *   `startMs`: when the renderer asked for it, in ms after the earliest request.
 * @typedef {{
 *   firstPaintMs: number,
 *   requests: EarlyRequest[],
 *   bytes: number,
 *   types: Record<string, number>,
 *   met: boolean,
 *   problems: string[],
 *   flags: string[],
 * }} BeforeFirstPaint
 *   `firstPaintMs`: the observed first paint in ms after the earliest request; `bytes`: transferred;
 *   `types`: requests per resource type; `problems`: why the rule is missed; `flags`: allowed, but
 *   worth a look (more than one image).
 * @typedef {{
 *   url?: string,
 *   resourceType?: string,
 *   rendererStartTime?: number,
 *   transferSize?: number,
 * }} NetworkRequestItem
 */

/**
 * @param {import('lighthouse').Result} lhr
 * @returns {BeforeFirstPaint}
 */
export function beforeFirstPaint(lhr) {
  const metrics = /** @type {{ items?: Record<string, number | undefined>[] } | undefined} */ (
    /** @type {unknown} */ (lhr.audits.metrics?.details)
  )?.items?.[0];
  const network =
    /** @type {{ items?: NetworkRequestItem[], debugData?: { networkStartTimeTs?: number } } | undefined} */ (
      /** @type {unknown} */ (lhr.audits['network-requests']?.details)
    );
  const paintTs = metrics?.observedFirstPaintTs ?? metrics?.observedFirstContentfulPaintTs;
  const networkStartTs = network?.debugData?.networkStartTimeTs;
  if (paintTs === undefined || networkStartTs === undefined || !network?.items)
    throw new Error(
      `Lighthouse's result for ${lhr.finalDisplayedUrl} has no observed first paint or no network requests`,
    );
  const firstPaintMs = (paintTs - networkStartTs) / 1000;
  const requests = network.items
    .filter((item) => typeof item.rendererStartTime === 'number' && item.rendererStartTime < firstPaintMs)
    .map((item) => ({
      url: item.url ?? '',
      resourceType: item.resourceType ?? 'Other',
      startMs: item.rendererStartTime ?? 0,
      transferSize: item.transferSize ?? 0,
    }));
  return {
    firstPaintMs,
    requests,
    bytes: requests.reduce((sum, request) => sum + request.transferSize, 0),
    ...judge(requests),
  };
}

/**
 * The rule applied to a list of requests.
 * @param {EarlyRequest[]} requests
 */
function judge(requests) {
  const browserOwn = requests.filter((request) => BEFORE_FIRST_PAINT.browserOwn.includes(pathOf(request.url)));
  const counted = requests.filter((request) => !browserOwn.includes(request));
  /** @type {Record<string, number>} */
  const types = {};
  for (const { resourceType } of counted) types[resourceType] = (types[resourceType] ?? 0) + 1;
  const problems = Object.entries(types)
    .filter(([type, count]) => count > (BEFORE_FIRST_PAINT.allowed[type] ?? 0))
    .map(([type, count]) => {
      const allowed = BEFORE_FIRST_PAINT.allowed[type] ?? 0;
      const names = counted.filter((request) => request.resourceType === type).map((request) => shortName(request.url));
      return `${count} ${type} (${allowed === 0 ? 'none' : `at most ${allowed}`} allowed): ${names.join(', ')}`;
    });
  const images = types.Image ?? 0;
  const flags = images > BEFORE_FIRST_PAINT.imagesFlaggedAbove ? [`${images} images`] : [];
  for (const request of browserOwn) flags.push(`${shortName(request.url)} (the browser's own, not counted)`);
  return { types, met: problems.length === 0, problems, flags };
}

/** A URL's path (`http://host/favicon.svg` → `/favicon.svg`), or the URL as given. */
function pathOf(/** @type {string} */ url) {
  try {
    return new URL(url).pathname;
  } catch {
    return url;
  }
}

/** The last segment of a URL's path (`/assets/app-1.js` → `app-1.js`), or the URL as given. */
function shortName(/** @type {string} */ url) {
  try {
    return new URL(url).pathname.split('/').filter(Boolean).pop() ?? url;
  } catch {
    return url;
  }
}
