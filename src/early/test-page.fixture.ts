/**
 * What every early action's test shares: each runs its action on a small page shaped as its
 * component renders it (the browser tests, tests/e2e/before-hydration*.spec.ts, check the actions
 * on the real pages, before and after hydration); the page and the stored cart are emptied after
 * each test.
 */
import { afterEach } from 'vitest';

afterEach(() => {
  document.body.innerHTML = '';
  localStorage.clear();
});

/** The element the test's page holds for a selector. */
export const $ = <T extends HTMLElement>(selector: string) => document.querySelector(selector) as T;
