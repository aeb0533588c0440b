/**
 * The early script of a React page: the one inline script every prerendered page runs first, in
 * <head>, before anything else can (site-build/defer-hydration.ts bundles this entry by its path and
 * inlines it as `__ouo.early`; decision 028). It starts the hydration gate (gate.ts) with the page's
 * early actions, so a tap shows its effect before React is live, and shows the cart's count in the
 * header's badge as soon as the header is parsed.
 */
import { EARLY_HIDDEN, type EarlyAction } from './action.ts';
import { showCartCount } from './cart-storage.ts';
import { hydrationGate } from './gate.ts';

/** Once the page is parsed, after its first frame: the badge shows the stored count (the first
 * read of storage can take a while on a slow phone, and the badge is not what the first paint is
 * for; /cart's lines, which are, are drawn as the page is parsed). */
function whenParsed(): void {
  requestAnimationFrame(() => setTimeout(() => showCartCount(), 0));
}

/** `actions`: the page's early actions, the groups of actions.ts its controls name (the build picks them). */
export function startEarly(
  preloads: readonly string[],
  eager: boolean,
  actions: Readonly<Record<string, EarlyAction>>,
): void {
  hydrationGate(preloads, eager, actions, EARLY_HIDDEN);
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', whenParsed);
  else whenParsed();
}
