// @ts-check
// What `npm run bench:first-tap` (bench/first-tap.mjs) runs inside the page: installed with
// Playwright's addInitScript (the DevTools protocol's Page.addScriptToEvaluateOnNewDocument), so it
// runs before any of the page's own scripts — the hydration gate included — and the page's CSP does
// not apply to it. Both functions are sent as source text (`probeScript`): they may use nothing
// outside themselves but their parameters and the browser's globals.
//
// How a tap is timed:
// - The tap: the `timeStamp` of the finger's lift (`pointerup`, or `touchend` where the target is a
//   disabled button, which gets no pointer events), seen by a capture listener on window, which runs
//   before the gate's and the page's. An input event's timeStamp is when the input happened, not
//   when the main thread got round to it: a long task between the tap and its handling is part of
//   the wait, as the shopper feels it. performance.now() in the listener is kept too (`tapHandledAt`).
// - The effect: from the tap on, the control's effect (bench/first-tap-controls.mjs) is read in
//   every animation frame; the first frame in which it holds is the frame that shows it
//   (`effectAt`: performance.now() in that frame's requestAnimationFrame callback, before its paint).
//   A frame-by-frame check and not a MutationObserver, because some effects change a property and
//   no attribute (a radio's `checked`, a number field's `value`). And not the Event Timing API: a
//   tap held by the hydration gate is stopped at once and replayed later as a new click, so the
//   original tap's Event Timing entry measures only the gate's hold; its largest duration is kept
//   beside the figure (`eventTimingMs`) to show the difference.

/**
 * An element to find: the first match of `selector` whose text (trimmed, spaces collapsed) is
 * `text`, when `text` is given.
 * @typedef {{ selector: string, text?: string }} Target
 */

/**
 * What must hold of the element(s) a Target finds, read as a string: `text` (the default: its
 * text, trimmed, spaces collapsed), `value` (a field's), `checked` ('true' or 'false'), `visible`
 * ('true' or 'false': checkVisibility, with `visibility` and `opacity`), or `@name` (an attribute;
 * '' when absent). The reading must meet exactly one of: `equals`; `startsWith`; `includes`
 * (ignoring case); `sameTextAs` (equal to the text of another Target, which must exist). With
 * `all`, every element the selector matches that is rendered must (at least one): what the shopper
 * sees, so an item a filter hid (display: none) is not counted; otherwise the first match does.
 * @typedef {Target & {
 *   read?: 'text' | 'value' | 'checked' | 'visible' | `@${string}`,
 *   all?: boolean,
 *   equals?: string,
 *   startsWith?: string,
 *   includes?: string,
 *   sameTextAs?: Target,
 * }} Condition
 */

/**
 * Reads a document: finds Targets and checks Conditions. Self-contained (it goes into the page as
 * text), and given the document so the tests can hand it jsdom's.
 * @param {Document} doc
 */
export function pageReader(doc) {
  const textOf = (/** @type {Element} */ element) => (element.textContent ?? '').replace(/\s+/g, ' ').trim();
  const all = (/** @type {Target} */ target) =>
    [...doc.querySelectorAll(target.selector)].filter(
      (element) => target.text === undefined || textOf(element) === target.text,
    );
  const find = (/** @type {Target} */ target) => all(target)[0] ?? null;
  /** @param {Element} element @param {Condition['read']} what */
  const read = (element, what = 'text') => {
    if (what === 'text') return textOf(element);
    if (what === 'value') return String(/** @type {HTMLInputElement} */ (element).value ?? '');
    if (what === 'checked') return String(Boolean(/** @type {HTMLInputElement} */ (element).checked));
    if (what === 'visible')
      return String(
        typeof element.checkVisibility === 'function'
          ? element.checkVisibility({ visibilityProperty: true, opacityProperty: true })
          : true,
      );
    return element.getAttribute(what.slice(1)) ?? '';
  };
  /** @param {Condition} condition @param {Element} element */
  const meets = (condition, element) => {
    const value = read(element, condition.read);
    if (condition.equals !== undefined) return value === condition.equals;
    if (condition.startsWith !== undefined) return value.startsWith(condition.startsWith);
    if (condition.includes !== undefined) return value.toLowerCase().includes(condition.includes.toLowerCase());
    if (condition.sameTextAs !== undefined) {
      const other = find(condition.sameTextAs);
      return other !== null && value === textOf(other);
    }
    return false;
  };
  /** @param {Condition} condition */
  const holds = (condition) => {
    const rendered = (/** @type {Element} */ element) =>
      typeof element.checkVisibility !== 'function' || element.checkVisibility();
    const elements = condition.all
      ? all(condition).filter(rendered)
      : [find(condition)].filter((element) => element !== null);
    return elements.length > 0 && elements.every((element) => meets(condition, element));
  };
  return {
    find,
    /** Whether every condition holds. */
    holdsAll: (/** @type {readonly Condition[]} */ conditions) => conditions.every(holds),
  };
}

/**
 * What the probe has seen, on `window.__firstTap`; times in ms on the page's clock (performance.now(),
 * 0 at the navigation's start).
 * @typedef {{
 *   paintAt: number | null,
 *   paintToldAt: number | null,
 *   pointerDownAt: number | null,
 *   tapAt: number | null,
 *   tapHandledAt: number | null,
 *   hitControl: boolean | null,
 *   tapTarget: string | null,
 *   effectBeforeTap: boolean | null,
 *   effectAt: number | null,
 *   heldAt: number | null,
 *   releasedAt: number | null,
 *   hydratedAt: number | null,
 *   eventTimingMs: number | null,
 *   path: string,
 * }} ProbeState
 *   `paintAt`: the first-contentful-paint entry; `paintToldAt`: when the page could tell the bench
 *   about it (the observer's callback, a task of its own); `tapAt`: the finger's lift;
 *   `hitControl`: whether the tap's target was the control (`tapTarget` names it);
 *   `effectBeforeTap`: whether the effect already held at the tap (a wrong definition);
 *   `heldAt`/`releasedAt`: the hydration gate marked the control `data-held` and took the mark off
 *   (its replay); `hydratedAt`: the root route called `__ouo.live()`; `path`: the document's
 *   (a page that sent the shopper elsewhere has another).
 */

/**
 * The observer installed in each measured page. It tells the bench through two bindings the bench
 * exposes: `__firstTapPainted(place, sincePaintMs)` at the first contentful paint, with the
 * control's place and how long ago the paint was, and `__firstTapDone()` when the effect showed.
 * The bench asks `__firstTapLocate()` where the control is (scrolling it into view if it is not,
 * as a shopper would), and reads `__firstTap` at the end.
 * @param {typeof pageReader} makeReader
 * @param {{ control: Target, effect: readonly Condition[] }} options
 */
export function firstTapProbe(makeReader, { control, effect }) {
  const page = /** @type {Window & Record<string, any>} */ (window);
  const reader = makeReader(document);
  /** @type {ProbeState} */
  const state = {
    paintAt: null,
    paintToldAt: null,
    pointerDownAt: null,
    tapAt: null,
    tapHandledAt: null,
    hitControl: null,
    tapTarget: null,
    effectBeforeTap: null,
    effectAt: null,
    heldAt: null,
    releasedAt: null,
    hydratedAt: null,
    eventTimingMs: null,
    path: location.pathname,
  };
  page.__firstTap = state;

  // The paint is told with the control's place, so that a tap at the paint needs no second question.
  new PerformanceObserver((list) => {
    const entry = list.getEntriesByName('first-contentful-paint')[0];
    if (!entry || state.paintAt !== null) return;
    state.paintAt = entry.startTime;
    state.paintToldAt = performance.now();
    page.__firstTapPainted?.(page.__firstTapLocate(), performance.now() - entry.startTime);
  }).observe({ type: 'paint', buffered: true });

  // The largest Event Timing duration of the tap's own events, for comparison (see above).
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (state.pointerDownAt === null || entry.startTime < state.pointerDownAt - 1) continue;
      state.eventTimingMs = Math.max(state.eventTimingMs ?? 0, entry.duration);
    }
  }).observe(/** @type {PerformanceObserverInit} */ ({ type: 'event', durationThreshold: 16, buffered: true }));

  // When the page is live: the gate defines __ouo.live, the root route calls it once hydrated and
  // rendered again with what waited for that (the held taps are replayed then). The namespace is
  // made here first: the early script keeps a `window.__ouo` it finds (src/early/global.ts).
  /** @type {unknown} */
  let hydrated;
  page.__ouo ??= {};
  Object.defineProperty(page.__ouo, 'live', {
    configurable: true,
    get: () => hydrated,
    set: (value) => {
      hydrated =
        typeof value === 'function'
          ? (/** @type {unknown[]} */ ...args) => {
              state.hydratedAt ??= performance.now();
              return value(...args);
            }
          : value;
    },
  });

  // The gate marks a held tap's control `data-held` and takes the mark off as it replays it.
  new MutationObserver((records) => {
    for (const record of records) {
      const target = /** @type {Element} */ (record.target);
      if (target.hasAttribute('data-held')) state.heldAt ??= performance.now();
      else if (state.heldAt !== null) state.releasedAt ??= performance.now();
    }
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-held'] });

  const watch = () => {
    const frame = () => {
      if (state.effectAt !== null) return;
      if (reader.holdsAll(effect)) {
        state.effectAt = performance.now();
        page.__firstTapDone?.();
      } else requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  };
  const onDown = (/** @type {Event} */ event) => {
    if (event.isTrusted && state.pointerDownAt === null) state.pointerDownAt = event.timeStamp;
  };
  const onLift = (/** @type {Event} */ event) => {
    if (!event.isTrusted || state.tapAt !== null) return;
    state.tapAt = event.timeStamp;
    state.tapHandledAt = performance.now();
    const element = reader.find(control);
    state.hitControl = element !== null && event.target instanceof Node && element.contains(event.target);
    if (event.target instanceof Element) {
      const { localName, className } = event.target;
      const text = (event.target.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 30);
      state.tapTarget = `${localName}${typeof className === 'string' && className ? `.${className.split(' ').join('.')}` : ''} "${text}"`;
    }
    state.effectBeforeTap = reader.holdsAll(effect);
    watch();
  };
  for (const type of ['pointerdown', 'touchstart']) addEventListener(type, onDown, { capture: true, passive: true });
  for (const type of ['pointerup', 'touchend']) addEventListener(type, onLift, { capture: true, passive: true });

  /** Where the control's centre is in the viewport (CSS px), scrolled into view first if it was not; null if it is not shown. */
  page.__firstTapLocate = () => {
    const element = reader.find(control);
    if (!element) return null;
    let box = element.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) return null;
    if (box.top < 0 || box.bottom > innerHeight) {
      element.scrollIntoView({ block: 'center', behavior: 'instant' });
      box = element.getBoundingClientRect();
    }
    return { x: box.left + box.width / 2, y: box.top + box.height / 2 };
  };
}

/**
 * The init script for one control: the probe and the reader as source text, called with the control.
 * @param {{ control: Target, effect: readonly Condition[] }} options
 */
export function probeScript({ control, effect }) {
  return `(${firstTapProbe.toString()})(${pageReader.toString()}, ${JSON.stringify({ control, effect })});`;
}
