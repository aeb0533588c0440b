/**
 * The early script: the one inline script every prerendered page runs first, in <head>, before
 * anything else can (site-build/defer-hydration.ts bundles and inlines it; decision 028). It starts
 * the hydration gate with the early actions, so a tap shows its effect before React is live, and
 * shows the cart's count in the header's badge as soon as the header is parsed.
 */
import { hydrationGate } from '../../../site-build/hydration-gate.ts';
import { EARLY_HIDDEN } from '../../lib/early-action.ts';
import { showCartCount } from '../cart/early.ts';
import { EARLY_ACTIONS } from './early-actions.ts';

export { drawCart } from '../cart/early.ts';

/**
 * Once the page is parsed: the badge shows the stored count (after the first frame), and a control the prerendered page
 * disabled only because the page was not live (`data-early-enable`: Place Order) takes taps, which
 * its early action answers.
 */
function whenParsed(): void {
  // After the first frame: the first read of storage can take a while on a slow phone, and the
  // badge is not what the first paint is for (/cart's lines, which are, are drawn as it is parsed).
  requestAnimationFrame(() => setTimeout(() => showCartCount(), 0));
  // Only while the gate is there to answer them (React, once live, decides for itself).
  if (typeof (window as { __ouoLive?: unknown }).__ouoLive !== 'function') return;
  for (const control of document.querySelectorAll<HTMLButtonElement>('button[data-early-enable]'))
    control.disabled = false;
}

export function startEarly(preloads: readonly string[], eager: boolean): void {
  hydrationGate(preloads, eager, EARLY_ACTIONS, EARLY_HIDDEN);
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', whenParsed);
  else whenParsed();
}
