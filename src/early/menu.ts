/**
 * The header's menu before React is live, and on pages that load no React at all (decision 028):
 * sets exactly what Header.tsx renders for `open` — the panel's class, the button's state and name
 * (its two icons and the overlay follow them in CSS) — so React, replaying the tap, changes nothing.
 */

import { text } from '../shop/texts/early.ts';
import type { EarlyResult } from './action.ts';

export const MENU_NAMES = { open: text('early.menuOpen'), close: text('early.menuClose') } as const;
export const MENU_OPEN_CLASS = 'site-nav--open';

/** The header's menu button (the control is the button itself or the overlay inside its header). */
function menuButton(control: HTMLElement): HTMLElement | null {
  return control.closest('header')?.querySelector<HTMLElement>('[data-early="menu"]') ?? null;
}

export function setMenuOpen(button: HTMLElement, open: boolean): void {
  const nav = document.getElementById(button.getAttribute('aria-controls') ?? '');
  button.setAttribute('aria-expanded', String(open));
  button.setAttribute('aria-label', open ? MENU_NAMES.close : MENU_NAMES.open);
  nav?.classList.toggle(MENU_OPEN_CLASS, open);
  // As Header does once open: the first link takes the focus, so a keyboard is inside the menu.
  if (open) nav?.querySelector('a')?.focus();
}

export function toggleMenu(control: HTMLElement): EarlyResult {
  const button = menuButton(control);
  if (!button) return 'hold';
  setMenuOpen(button, button.getAttribute('aria-expanded') !== 'true');
  return 'replay';
}

/** The overlay behind the open menu: a tap on it closes the menu. */
export function closeMenu(control: HTMLElement): EarlyResult {
  const button = menuButton(control);
  if (!button) return 'hold';
  setMenuOpen(button, false);
  return 'replay';
}
