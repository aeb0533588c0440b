/**
 * A page built without React (decision 028): the blog, the policies, the story and traceability
 * pages and the 404 page, whose only controls are the header's menu and cart badge, the chat
 * button, links — and on the traceability pages the QR code's Print button. The build drops React
 * Router's scripts from them (site-build/static-pages.ts) and inlines this module, bundled by its
 * path, as their early script (`staticEarlyScript` in site-build/defer-hydration.ts), started by `startStatic`
 * instead of the hydration gate: the same action functions the gate runs before a React page is
 * live (`data-early`: the menu, the overlay, Print), here for as long as the page is open. Links
 * are plain links: leaving the page is an ordinary page load.
 *
 * What the React shell does on every page and this does not: the outbox of orders that could not
 * reach the server is left to the next page that loads the shop (decision 028); the Meta pixel's
 * PageView is sent when the build has a pixel id (`pixelId`).
 */
import { CART_STORAGE_KEY } from '../shop/cart/index.ts';
import type { EarlyAction } from './action.ts';
import { staticActions } from './actions.ts';
import { showCartCount } from './cart-storage.ts';
import { setMenuOpen } from './menu.ts';
import { installMetaPixel } from './pixel.ts';

/** The controls a page without React may have, by their `data-early` (actions.ts `staticActions`). */
export const STATIC_ACTIONS: Readonly<Record<string, EarlyAction>> = staticActions;

/** What the build passes (site-build/defer-hydration.ts keeps its own copy of this shape: it imports nothing of src/). */
export interface StaticOptions {
  /** The build's VITE_META_PIXEL_ID, when it has one. */
  pixelId?: string;
}

const OPEN_MENU = '[data-early="menu"][aria-expanded="true"]';

export function startStatic({ pixelId }: StaticOptions = {}): void {
  const doc = document;
  doc.addEventListener('click', (event) => {
    const control = (event.target as Element | null)?.closest?.<HTMLElement>('[data-early]');
    const action = STATIC_ACTIONS[control?.getAttribute('data-early') ?? ''];
    if (control && action && !(control as HTMLButtonElement).disabled) action(control);
  });
  // As Header does: Escape closes the open menu and gives the focus back to its button.
  doc.addEventListener('keydown', (event) => {
    const button = doc.querySelector<HTMLElement>(OPEN_MENU);
    if (event.key !== 'Escape' || !button) return;
    setMenuOpen(button, false);
    button.focus();
  });
  // The badge from the cart's storage once the page is parsed, after its first frame (as on the
  // React pages: start.ts), and again whenever another tab changes the cart, or the page
  // comes back from the back-forward cache (the cart may have changed on the pages in between) —
  // with its menu closed, as React closes it on every navigation.
  const showBadge = () => requestAnimationFrame(() => setTimeout(() => showCartCount(), 0));
  if (doc.readyState === 'loading') doc.addEventListener('DOMContentLoaded', showBadge);
  else showBadge();
  addEventListener('storage', (event) => {
    if (event.key === null || event.key === CART_STORAGE_KEY) showCartCount();
  });
  addEventListener('pageshow', (event) => {
    if (!event.persisted) return;
    showCartCount();
    const button = doc.querySelector<HTMLElement>(OPEN_MENU);
    if (button) setMenuOpen(button, false);
  });
  if (pixelId) installMetaPixel(pixelId);
}
