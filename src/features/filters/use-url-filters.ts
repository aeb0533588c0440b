import { useEffect, useRef, useState } from 'react';
import { type ShouldRevalidateFunction, useSearchParams } from 'react-router';
import { useHydrated } from '../../hooks/use-hydrated.ts';

/**
 * Filter state that lives in the URL query. The first render (prerendered HTML and hydration) uses
 * the defaults, so everything shows unfiltered; once hydrated the query is read — at once when the
 * page is drawn in the browser (a client navigation) — and every change is written back with
 * replace and preventScrollReset. The state itself updates at once, so a controlled search box
 * never loses a keystroke while the URL catches up; a query we did not write (Back, Forward, a
 * shared link) replaces it.
 */
export function useUrlFilters<State>(
  defaults: State,
  fromParams: (params: URLSearchParams) => State,
  toParams: (state: State) => URLSearchParams,
): [State, (next: State) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const hydrated = useHydrated();
  const [state, setState] = useState(() => (hydrated ? fromParams(searchParams) : defaults));
  const written = useRef(new Set<string>());
  const query = searchParams.toString();
  const read = useRef(fromParams);
  read.current = fromParams;

  useEffect(() => {
    if (written.current.delete(query)) return;
    written.current.clear();
    setState(read.current(new URLSearchParams(query)));
  }, [query]);

  const update = (next: State) => {
    setState(next);
    const params = toParams(next);
    written.current.add(params.toString());
    setSearchParams(params, { replace: true, preventScrollReset: true });
  };
  return [state, update];
}

/** For filter pages: a query change only re-filters, so the prerendered loader data is kept. */
export const keepDataWhenOnlyQueryChanges: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}) => (currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate);
