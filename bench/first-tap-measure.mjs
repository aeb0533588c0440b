// @ts-check
// One measured tap of `npm run bench:first-tap` (bench/first-tap.mjs): a fresh browser context as a
// slow phone, the probe of bench/first-tap-page.mjs in the page, one touch at the chosen time after
// the first contentful paint, and what the probe saw. Also the check that runs first: every control
// tapped on its live page at full speed, whose effect must show.
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { CART_SEED, describeEffect, TAP_ROUTES } from './first-tap-controls.mjs';
import { probeScript } from './first-tap-page.mjs';
import { describeRun } from './first-tap-report.mjs';

/** @typedef {import('./first-tap-controls.mjs').TapControl} TapControl */
/** @typedef {import('./first-tap-controls.mjs').TapRoute} TapRoute */
/** @typedef {import('./first-tap-page.mjs').ProbeState} ProbeState */
/** @typedef {import('./first-tap-report.mjs').Outcome} Outcome */
/** @typedef {import('./first-tap-report.mjs').TapRecord} TapRecord */
/** @typedef {{ x: number, y: number }} Point the control's centre in the viewport, CSS px */

/** A mid-range phone: Lighthouse's mobile width and pixel ratio (Moto G Power), a taller screen. */
export const PHONE = { viewport: { width: 412, height: 915 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };
export const CPU_SLOWDOWN = 4;
/**
 * Slow 4G as issue 36 gives it: 1.6 Mbps down, 750 kbps up, 150 ms round trip (bytes per second for
 * the protocol). Lenient: Lighthouse, throttling through DevTools, gives the same link 562.5 ms per
 * request (150 × 3.75: whole-request throttling understates a real link's round trips) and 0.9× the
 * throughput (`mobileSlow4G` in its lantern constants).
 */
export const SLOW_4G = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1_000_000) / 8,
  uploadThroughput: (750 * 1000) / 8,
  connectionType: /** @type {const} */ ('cellular4g'),
};
/** How long the finger stays down: a quick tap. */
export const TAP_HOLD_MS = 50;
/** After this long without its effect a tap counts as lost: the shopper has given up or tapped again. */
export const EFFECT_TIMEOUT_MS = 10_000;
const PAINT_TIMEOUT_MS = 30_000;
/**
 * Before a later tap the page is asked again where the control is, from this long before the tap,
 * every RELOCATE_EVERY_MS: the page may have moved it, or drawn it since the paint.
 */
const RELOCATE_LEAD_MS = 300;
const RELOCATE_EVERY_MS = 100;
const LIVE_TIMEOUT_MS = 30_000;

/**
 * One fresh load of `route` as a slow phone, one tap on `control` `tapAfterMs` after the first
 * contentful paint — or, with `tapAfterMs` 'live', on the live page at full speed.
 * @param {import('playwright-core').Browser} chrome
 * @param {string} base the server's address
 * @param {{ route: string, control: TapControl, cart: string | undefined, tapAfterMs: number | 'live' }} options
 * @returns {Promise<TapRecord & { storedCart: string | null }>}
 */
export async function measureTap(chrome, base, { route, control, cart, tapAfterMs }) {
  const slow = tapAfterMs !== 'live';
  const context = await chrome.newContext({
    ...PHONE,
    storageState: cart
      ? { cookies: [], origins: [{ origin: base, localStorage: [{ name: 'cart', value: cart }] }] }
      : undefined,
  });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    if (slow) {
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
    }
    /** @type {{ promise: Promise<{ point: Point | null, sincePaintMs: number }>, resolve: (told: { point: Point | null, sincePaintMs: number }) => void }} */
    const painted = withResolvers();
    const done = withResolvers();
    await page.exposeBinding(
      '__firstTapPainted',
      (_source, /** @type {Point | null} */ point, /** @type {number} */ sincePaintMs) =>
        painted.resolve({ point, sincePaintMs }),
    );
    await page.exposeBinding('__firstTapDone', () => done.resolve(undefined));
    await page.addInitScript(probeScript(control));
    await page.goto(`${base}${route}`, { waitUntil: 'commit' });
    const told = await within(painted.promise, PAINT_TIMEOUT_MS, `${route} showed no first contentful paint`);
    // The bench's own clock at the paint: the page told it sincePaintMs after the paint entry.
    const paintedAt = performance.now() - told.sincePaintMs;
    const locate = () =>
      page.evaluate(() => /** @type {Point | null} */ (/** @type {any} */ (window).__firstTapLocate()));

    let point = told.point;
    if (tapAfterMs === 'live') {
      await waitUntilLive(page, route);
      point = await locate();
    } else if (tapAfterMs > 0) {
      const tapAt = paintedAt + tapAfterMs;
      await sleep(Math.max(0, tapAt - RELOCATE_LEAD_MS - performance.now()));
      point = await lastPlaceBy(locate, tapAt, point);
      await sleep(Math.max(0, tapAt - performance.now()));
    }
    if (!point) {
      const state = await probeState(page);
      return { ...figures(state, { status: 'absent' }), storedCart: null };
    }
    const touches = tap(cdp, point);
    const shown = await Promise.race([done.promise.then(() => true), sleep(EFFECT_TIMEOUT_MS + TAP_HOLD_MS, false)]);
    await touches;
    const state = await probeState(page);
    const storedCart = slow ? null : await page.evaluate(() => localStorage.getItem('cart'));
    /** @type {Outcome} */
    let outcome = { status: 'lost' };
    if (state.tapAt !== null && state.hitControl === false) outcome = { status: 'missed' };
    else if (shown && state.tapAt !== null && state.effectAt !== null)
      outcome = { status: 'answered', ms: state.effectAt - state.tapAt };
    const record = figures(state, outcome);
    if (state.path.replace(/(.)\/$/, '$1') !== route) record.problem = `the page went to ${state.path}`;
    else if (state.effectBeforeTap) record.problem = 'the effect already showed when the tap came';
    else if (outcome.status === 'missed')
      record.problem = `the tap at (${Math.round(point.x)}, ${Math.round(point.y)}) landed on ${state.tapTarget}, not the control`;
    else if (state.tapAt === null) record.problem = 'the page never saw the tap';
    return { ...record, storedCart };
  } finally {
    await context.close();
  }
}

/**
 * Asks the page where the control is until `deadline` (bench clock), and returns the last answer
 * that came before it — `known` if none did (a page busy with a long task cannot answer; the
 * screen still shows what it last drew), or, if nothing is known, the answer that comes after it
 * (the tap is late: its time says so). null: the control is not on the page.
 * @param {() => Promise<Point | null>} locate
 * @param {number} deadline
 * @param {Point | null} known
 */
async function lastPlaceBy(locate, deadline, known) {
  let place = known;
  const late = Symbol('late');
  while (performance.now() < deadline) {
    const asked = locate().catch(() => null);
    const answer = await Promise.race([asked, sleep(Math.max(0, deadline - performance.now()), late)]);
    // Nothing known yet (the control was not there before): the tap waits for the page's answer.
    if (answer === late) return place ?? (await asked);
    place = answer;
    await sleep(Math.min(RELOCATE_EVERY_MS, Math.max(0, deadline - performance.now())));
  }
  return place;
}

/**
 * A tap as a phone's touch screen makes it: the finger down, TAP_HOLD_MS later up. The lift is sent
 * without waiting for the page to acknowledge the touch (a busy page acknowledges late; the finger
 * does not wait for it), so its timestamp is the real lift's.
 * @param {import('playwright-core').CDPSession} cdp
 * @param {Point} point
 */
async function tap(cdp, { x, y }) {
  const down = cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
  await sleep(TAP_HOLD_MS);
  const up = cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await Promise.all([down, up]);
}

/** @param {import('playwright-core').Page} page @returns {Promise<ProbeState>} */
function probeState(page) {
  return page.evaluate(() => /** @type {any} */ (window).__firstTap);
}

/** @param {import('playwright-core').Page} page @param {string} route */
async function waitUntilLive(page, route) {
  await page
    .waitForFunction(() => /** @type {any} */ (window).__firstTap?.hydratedAt !== null, null, {
      timeout: LIVE_TIMEOUT_MS,
    })
    .catch(() => {
      throw new Error(`${route} did not hydrate within ${LIVE_TIMEOUT_MS / 1000} s at full speed`);
    });
  // What the page fetches once live (the cart's lines, the reviews' stars) settles first.
  await page.waitForLoadState('networkidle');
}

/**
 * @param {ProbeState} state
 * @param {Outcome} outcome
 * @returns {TapRecord}
 */
function figures(state, outcome) {
  const afterPaint = (/** @type {number | null} */ at) =>
    at === null || state.paintAt === null ? null : Math.round(at - state.paintAt);
  return {
    outcome: outcome.status === 'answered' ? { status: 'answered', ms: Math.round(outcome.ms) } : outcome,
    tapAfterPaintMs: afterPaint(state.tapAt),
    paintMs: state.paintAt === null ? null : Math.round(state.paintAt),
    paintToldAfterMs: afterPaint(state.paintToldAt),
    liveAfterPaintMs: afterPaint(state.hydratedAt),
    held: state.heldAt !== null,
    inputDelayMs:
      state.tapAt === null || state.tapHandledAt === null ? null : Math.round(state.tapHandledAt - state.tapAt),
    eventTimingMs: state.eventTimingMs,
  };
}

/**
 * Every control tapped once on its live page, at full speed: its effect must show. Returns the cart
 * the seeding control left in storage, for the routes measured with a cart.
 * @param {import('playwright-core').Browser} chrome
 * @param {string} base the server's address
 * @param {readonly TapRoute[]} routes
 */
export async function checkControls(chrome, base, routes) {
  console.log('Checking each control on its live page (full speed)…');
  const seedRoute = TAP_ROUTES.find(({ route }) => route === CART_SEED.route);
  const seedControl = seedRoute?.controls.find(({ id }) => id === CART_SEED.control);
  if (!seedControl) throw new Error(`no control ${CART_SEED.control} on ${CART_SEED.route}`);
  const seeded = await measureTap(chrome, base, {
    route: CART_SEED.route,
    control: seedControl,
    cart: undefined,
    tapAfterMs: 'live',
  });
  const cart = seeded.storedCart;
  if (seeded.outcome.status !== 'answered' || !cart)
    throw new Error(
      `${CART_SEED.route} ${seedControl.label} on the live page: ${describeRun(seeded)}; no cart to seed`,
    );
  for (const { route, withCart, controls } of routes)
    for (const control of controls) {
      const record = await measureTap(chrome, base, {
        route,
        control,
        cart: withCart ? cart : undefined,
        tapAfterMs: 'live',
      });
      if (record.outcome.status !== 'answered' || record.problem)
        throw new Error(
          `${route} ${control.label} on the live page: ${describeRun(record)}. Its effect (${describeEffect(control.effect)}) ` +
            'never showed: check its definition in bench/first-tap-controls.mjs.',
        );
      console.log(`  ${route} ${control.label}: ${describeRun(record)}`);
    }
  return cart;
}

/** @template T @returns {{ promise: Promise<T>, resolve: (value: T) => void }} */
function withResolvers() {
  /** @type {(value: T) => void} */
  let resolve = () => undefined;
  const promise = new Promise((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

/** @template T @param {Promise<T>} promise @param {number} ms @param {string} message */
async function within(promise, ms, message) {
  const timeout = Symbol('timeout');
  const result = await Promise.race([promise, sleep(ms, timeout)]);
  if (result === timeout) throw new Error(`${message} within ${ms / 1000} s`);
  return /** @type {T} */ (result);
}
