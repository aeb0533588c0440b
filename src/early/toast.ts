/**
 * A toast shown before React is live (decision 028), drawn as ToastProvider draws one (same
 * classes, so it looks the same) in a viewport of its own at the end of <body>: React owns its own
 * viewport's children, while it skips a node added to <body> when it hydrates. One at a time: a
 * second replaces the first. It closes on its ×, or after `ms` — 8 s, as the checkout's errors.
 */
const EARLY_VIEWPORT = 'toast-viewport--early';

export function showEarlyToast(message: string, type: 'error' | 'info' = 'error', ms = 8000): void {
  document.querySelector(`.${EARLY_VIEWPORT}`)?.remove();
  const viewport = document.createElement('div');
  viewport.className = `toast-viewport ${EARLY_VIEWPORT}`;
  const role = type === 'error' ? 'alert' : 'status';
  // The close button's early action is `dismissEarlyToast` (the hydration gate stops every other
  // listener until the page is live); its own listener closes it afterwards.
  viewport.innerHTML = `<div class="toast-region" role="${role}"><div class="toast toast--${type}"><span class="toast__icon" aria-hidden="true">${type === 'error' ? '!' : 'i'}</span><div class="toast__body"><p class="toast__message"></p></div><button type="button" class="toast__close" aria-label="Close notification" data-early="toast-close"><span aria-hidden="true">×</span></button></div></div>`;
  viewport.querySelector('.toast__message')?.append(message);
  viewport.querySelector('button')?.addEventListener('click', () => viewport.remove());
  document.body.append(viewport);
  setTimeout(() => viewport.remove(), ms);
}

/** The early toast's ×, tapped before the page is live. */
export function dismissEarlyToast(control: HTMLElement): 'done' {
  control.closest(`.${EARLY_VIEWPORT}`)?.remove();
  return 'done';
}
