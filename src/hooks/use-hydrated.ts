import { startTransition, useEffect, useState } from 'react';

/** Set once the first page has hydrated: a component mounted after that (a client navigation) starts true. */
let pageHydrated = false;

/**
 * False while rendering the prerendered HTML and during hydration, true afterwards. Anything that
 * depends on the browser (query string, storage) waits for it, so hydration never mismatches.
 *
 * The switch to true is one transition for the whole page (every component's effect runs in the same
 * commit, so their updates batch): React renders it in slices that let a tap through, where a
 * synchronous re-render of everything that waited would block the page for one long task on a slow
 * phone (decision 028). The root tells the hydration gate the page is live only once this has
 * rendered (root.tsx), so until then taps still go to the early actions.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(pageHydrated);
  useEffect(() => {
    pageHydrated = true;
    if (!hydrated) startTransition(() => setHydrated(true));
  }, [hydrated]);
  return hydrated;
}
