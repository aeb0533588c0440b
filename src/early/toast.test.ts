// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EARLY_TOASTS_HTML } from '#tests/support/early-toasts.ts';
import { dismissEarlyToast, showEarlyToast } from './toast.ts';

afterEach(() => {
  document.body.innerHTML = '';
  vi.useRealTimers();
});

describe('the early toast', () => {
  it('shows one message at a time, an alert for an error and a status for news, gone after its time', () => {
    document.body.innerHTML = EARLY_TOASTS_HTML;
    vi.useFakeTimers();
    expect(showEarlyToast('Fill in all')).toBe(true);
    expect(showEarlyToast('On its way', 'info', 1000)).toBe(true);
    expect(document.querySelectorAll('.toast-viewport--early')).toHaveLength(1);
    expect(document.querySelector('[role="status"] .toast--info .toast__message')?.textContent).toBe('On its way');
    vi.advanceTimersByTime(1000);
    expect(document.querySelector('.toast-viewport--early')).toBeNull();
  });

  it("is the page's own hidden toast, copied: the hidden ones stay as they were", () => {
    document.body.innerHTML = EARLY_TOASTS_HTML;
    showEarlyToast('Fill in all');
    const shown = document.querySelector('.toast-viewport--early [role="alert"] .toast') as HTMLElement;
    expect(shown.querySelector('.toast__message')?.textContent).toBe('Fill in all');
    expect(shown.querySelector('.toast__close')?.getAttribute('aria-label')).toBe('Close notification');
    expect(document.querySelector('[data-early-toasts]')?.outerHTML).toBe(EARLY_TOASTS_HTML);
  });

  it('closes on its ×, by the early action and by its own listener', () => {
    document.body.innerHTML = EARLY_TOASTS_HTML;
    showEarlyToast('Fill in all');
    const close = () => document.querySelector('.toast-viewport--early .toast__close') as HTMLElement;
    expect(dismissEarlyToast(close())).toBe('done');
    expect(document.querySelector('.toast-viewport--early')).toBeNull();
    showEarlyToast('Fill in all');
    close().click();
    expect(document.querySelector('.toast-viewport--early')).toBeNull();
  });

  it('shows nothing, and says so, on a page that drew no toast for it', () => {
    expect(showEarlyToast('Fill in all')).toBe(false);
    expect(document.querySelector('.toast-viewport--early')).toBeNull();
  });
});
