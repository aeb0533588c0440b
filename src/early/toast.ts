/**
 * A toast shown before React is live (decision 028): a copy of the hidden toast the page drew for
 * it (`EarlyToasts` in src/components/toast, ToastProvider's own ToastItem), with the message
 * written in, in a viewport of its own at the end of <body> — React owns its own viewport's
 * children, while it skips a node added to <body> when it hydrates. One at a time: a second
 * replaces the first. It closes on its ×, or after `ms` — 8 s, as the checkout's errors.
 * Answers false, showing nothing, on a page that drew no such toast.
 */
const EARLY_VIEWPORT = 'toast-viewport--early';

export function showEarlyToast(message: string, type: 'error' | 'info' = 'error', ms = 8000): boolean {
  const drawn = document.querySelector(`[data-early-toasts] .toast--${type}`);
  if (!drawn) return false;
  document.querySelector(`.${EARLY_VIEWPORT}`)?.remove();
  const viewport = document.createElement('div');
  viewport.className = `toast-viewport ${EARLY_VIEWPORT}`;
  // The region ToastViewport keeps for the kind: an alert for an error, a status for news.
  const region = document.createElement('div');
  region.className = 'toast-region';
  region.setAttribute('role', type === 'error' ? 'alert' : 'status');
  const toast = drawn.cloneNode(true) as HTMLElement;
  const text = toast.querySelector('.toast__message');
  if (text) text.textContent = message;
  // The close button's early action is `dismissEarlyToast` (the hydration gate stops every other
  // listener until the page is live); its own listener closes it afterwards.
  toast.querySelector('button')?.addEventListener('click', () => viewport.remove());
  region.append(toast);
  viewport.append(region);
  document.body.append(viewport);
  setTimeout(() => viewport.remove(), ms);
  return true;
}

/** The early toast's ×, tapped before the page is live. */
export function dismissEarlyToast(control: HTMLElement): 'done' {
  control.closest(`.${EARLY_VIEWPORT}`)?.remove();
  return 'done';
}
