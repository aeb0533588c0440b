import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/**
 * False while rendering the prerendered HTML and during hydration, true afterwards. Anything that
 * depends on the browser (query string, storage) waits for it, so hydration never mismatches.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
