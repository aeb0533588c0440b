// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dismissEarlyToast, showEarlyToast } from './toast.ts';

afterEach(() => {
  document.body.innerHTML = '';
  vi.useRealTimers();
});

describe('the early toast', () => {
  it('shows one message at a time, an alert for an error and a status for news, gone after its time', () => {
    vi.useFakeTimers();
    showEarlyToast('Fill in all');
    showEarlyToast('On its way', 'info', 1000);
    expect(document.querySelectorAll('.toast-viewport--early')).toHaveLength(1);
    expect(document.querySelector('[role="status"] .toast__message')?.textContent).toBe('On its way');
    vi.advanceTimersByTime(1000);
    expect(document.querySelector('.toast-viewport--early')).toBeNull();
  });

  it('closes on its ×', () => {
    showEarlyToast('Fill in all');
    expect(document.querySelector('[role="alert"]')).not.toBeNull();
    expect(dismissEarlyToast(document.querySelector('.toast__close') as HTMLElement)).toBe('done');
    expect(document.querySelector('.toast-viewport--early')).toBeNull();
  });
});
