import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createToastStore, DEFAULT_TOAST_DURATION } from './toast-queue.ts';

describe('createToastStore', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  /** The toast stays until `ms` have passed, and is gone then. */
  function expectClosedAfter(store: ReturnType<typeof createToastStore>, ms: number) {
    vi.advanceTimersByTime(ms - 1);
    expect(store.getSnapshot()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(store.getSnapshot()).toEqual([]);
  }

  it('closes a toast after 3000 ms by default', () => {
    const store = createToastStore();
    const id = store.show({ type: 'success', message: 'Added to cart' });

    expect(DEFAULT_TOAST_DURATION).toBe(3000);
    expect(store.getSnapshot()).toEqual([{ id, type: 'success', message: 'Added to cart', duration: 3000 }]);
    expectClosedAfter(store, 3000);
  });

  it('honours a custom duration', () => {
    const store = createToastStore();
    store.show({ type: 'info', message: 'Saved for later', duration: 5000 });

    expectClosedAfter(store, 5000);
  });

  it('never closes a toast with duration 0 by itself', () => {
    const store = createToastStore();
    const id = store.show({ type: 'error', message: 'Payment failed', duration: 0 });

    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(24 * 60 * 60 * 1000);
    expect(store.getSnapshot().map((toast) => toast.id)).toEqual([id]);
  });

  it('keeps a toast whose duration is too long for setTimeout instead of closing it at once', () => {
    const store = createToastStore();
    store.show({ type: 'info', message: 'Long one', duration: 2 ** 40 });

    vi.advanceTimersByTime(60_000);
    expect(store.getSnapshot()).toHaveLength(1);
  });

  it('rejects a negative duration', () => {
    const store = createToastStore();
    expect(() => store.show({ type: 'info', message: 'x', duration: -1 })).toThrow(RangeError);
    expect(store.getSnapshot()).toEqual([]);
  });

  it('clears the timer of a dismissed toast and leaves the others running', () => {
    const store = createToastStore();
    const first = store.show({ type: 'success', message: 'First' });
    const second = store.show({ type: 'warning', message: 'Second', title: 'Heads up' });
    expect(vi.getTimerCount()).toBe(2);

    store.dismiss(first);
    expect(vi.getTimerCount()).toBe(1);
    expect(store.getSnapshot().map((toast) => toast.id)).toEqual([second]);

    vi.advanceTimersByTime(3000);
    expect(store.getSnapshot()).toEqual([]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('gives each toast a larger id than the last, even after dismissals', () => {
    const store = createToastStore();
    const a = store.show({ type: 'info', message: 'a' });
    const b = store.show({ type: 'info', message: 'b' });
    store.dismiss(b);
    const c = store.show({ type: 'info', message: 'c' });

    expect(b).toBeGreaterThan(a);
    expect(c).toBeGreaterThan(b);
  });

  it('notifies subscribers of every change with a new snapshot, and stops after unsubscribe', () => {
    const store = createToastStore();
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    const before = store.getSnapshot();

    const id = store.show({ type: 'success', message: 'Added' });
    expect(listener).toHaveBeenCalledTimes(1);
    expect(store.getSnapshot()).not.toBe(before);
    expect(store.getSnapshot()).toBe(store.getSnapshot());

    store.dismiss(id);
    expect(listener).toHaveBeenCalledTimes(2);

    store.dismiss(id);
    expect(listener).toHaveBeenCalledTimes(2);

    unsubscribe();
    store.show({ type: 'success', message: 'Again' });
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('notifies subscribers when a toast closes by itself', () => {
    const store = createToastStore();
    const listener = vi.fn();
    store.subscribe(listener);
    store.show({ type: 'info', message: 'Bye soon' });
    listener.mockClear();

    vi.advanceTimersByTime(3000);
    expect(listener).toHaveBeenCalledTimes(1);
  });
});
