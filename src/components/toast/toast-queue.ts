/* The toast queue as plain TypeScript: no React, no DOM. The provider subscribes to it with
   useSyncExternalStore; the auto-close timers live here so fake timers can drive them in tests. */

export type ToastType = 'success' | 'error' | 'warning' | 'info';

export type ToastId = number;

export interface Toast {
  id: ToastId;
  type: ToastType;
  message: string;
  title?: string;
  /** Milliseconds before the toast closes by itself; 0 keeps it until it is dismissed. */
  duration: number;
}

/** What a caller passes to `show`: the store assigns the id and fills in the default duration. */
export type ToastOptions = Omit<Toast, 'id' | 'duration'> & { duration?: number };

export interface ToastStore {
  /** Adds a toast and starts its auto-close timer; returns its id. */
  show(options: ToastOptions): ToastId;
  /** Removes a toast and clears its timer; unknown or already closed ids are ignored. */
  dismiss(id: ToastId): void;
  /** Calls `listener` after every change; returns a function that stops it. */
  subscribe(listener: () => void): () => void;
  /** The current toasts, oldest first. The same array until something changes. */
  getSnapshot(): readonly Toast[];
}

export const DEFAULT_TOAST_DURATION = 3000;

// setTimeout treats anything above a signed 32-bit int as 0 and fires at once, so a huge
// duration would close the toast immediately instead of (practically) never.
const MAX_TIMER_DELAY = 2_147_483_647;

export function createToastStore(): ToastStore {
  let toasts: readonly Toast[] = [];
  let nextId = 1;
  const timers = new Map<ToastId, ReturnType<typeof setTimeout>>();
  const listeners = new Set<() => void>();

  function emit() {
    for (const listener of [...listeners]) listener();
  }

  function dismiss(id: ToastId) {
    const timer = timers.get(id);
    if (timer !== undefined) {
      clearTimeout(timer);
      timers.delete(id);
    }
    if (!toasts.some((toast) => toast.id === id)) return;
    toasts = toasts.filter((toast) => toast.id !== id);
    emit();
  }

  function show({ duration = DEFAULT_TOAST_DURATION, ...options }: ToastOptions): ToastId {
    if (Number.isNaN(duration) || duration < 0) {
      throw new RangeError(`Toast duration must be 0 (never auto-close) or a positive number of ms, got ${duration}`);
    }
    const id = nextId++;
    toasts = [...toasts, { ...options, id, duration }];
    if (duration > 0 && Number.isFinite(duration)) {
      timers.set(
        id,
        setTimeout(() => dismiss(id), Math.min(duration, MAX_TIMER_DELAY)),
      );
    }
    emit();
    return id;
  }

  return {
    show,
    dismiss,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    getSnapshot: () => toasts,
  };
}
