/**
 * The one global the early script shares with the page (decision 028): `window.__ouo`. The early
 * script (a classic inline script, bundled by the build as `__ouo.early`) and the React app's
 * modules meet only here, so every name either side reads is typed once.
 */
import type { CartItem } from '../shop/cart/index.ts';
import type { EarlyAction } from './action.ts';

/** What the bundled early script defines (site-build/defer-hydration.ts bundles src/early/start.ts or static-page.ts). */
export interface EarlyBundle {
  startEarly?: (preloads: readonly string[], eager: boolean, actions: Readonly<Record<string, EarlyAction>>) => void;
  startStatic?: (options?: { pixelId?: string }) => void;
  actions?: Readonly<Record<string, EarlyAction>>;
  /** /cart's stored lines drawn as the page is parsed (cart-lines.ts), called by CartPage's inline script. */
  drawCart?: () => void;
}

/** A pixel event as the page records it (src/features/pixel/pixel.ts owns its shape). */
export interface RecordedEvent {
  name: string;
  params: object;
}

export interface OuoGlobal {
  /** The gate's promise: React Router's bootstrap waits for it (gate.ts). */
  gate?: Promise<void>;
  /** The gate's pause between two steps of evaluating the modules. */
  pause?: () => Promise<void>;
  /** Called by the root route once hydrated: the fields are handed over. */
  hydrated?: () => void;
  /** Called by the root route once live: the held taps are replayed. */
  live?: () => void;
  /** The bundled early script itself. */
  early?: EarlyBundle;
  /** Lines added to the cart before the page was live (add-to-cart.ts), announced once it is. */
  added?: CartItem[];
  /** Every pixel event the page sent (the tests read them). */
  pixelEvents?: RecordedEvent[];
}

declare global {
  interface Window {
    __ouo?: OuoGlobal;
  }
}
