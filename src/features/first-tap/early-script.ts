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

export function startEarly(preloads: readonly string[], eager: boolean): void {
  hydrationGate(preloads, eager, EARLY_ACTIONS, EARLY_HIDDEN);
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', () => showCartCount());
  else showCartCount();
}
