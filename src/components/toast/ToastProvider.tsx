import { createContext, type ReactNode, useContext, useMemo, useState, useSyncExternalStore } from 'react';
import type { EarlyActionName } from '../../early/index.ts';
import { CheckIcon } from '../icons.tsx';
import { createToastStore, type Toast, type ToastId, type ToastOptions, type ToastStore } from './toast-queue.ts';
import './toast.css';
import { text } from '../../shop/texts/index.ts';

export interface ToastApi {
  show(options: ToastOptions): ToastId;
  dismiss(id: ToastId): void;
}

const ToastContext = createContext<ToastApi | null>(null);

interface ToastProviderProps {
  children?: ReactNode;
  /** Pass a store to show toasts from outside React (or to share one); by default each provider makes its own. */
  store?: ToastStore;
}

export function ToastProvider({ children, store: givenStore }: ToastProviderProps) {
  const [ownStore] = useState(createToastStore);
  const store = givenStore ?? ownStore;
  const api = useMemo<ToastApi>(() => ({ show: store.show, dismiss: store.dismiss }), [store]);
  return (
    <ToastContext value={api}>
      {children}
      <ToastViewport store={store} />
    </ToastContext>
  );
}

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (api === null) throw new Error('useToast() must be called inside a <ToastProvider>.');
  return api;
}

// The server and the hydrating client both render an empty viewport, whatever the store holds.
const NO_TOASTS: readonly Toast[] = [];
const getServerSnapshot = () => NO_TOASTS;

// '!' and 'i' are in every font; the tick is drawn, since a font without U+2713 shows a box.
const ICONS: Record<Toast['type'], ReactNode> = {
  success: <CheckIcon size={16} />,
  error: '!',
  warning: '!',
  info: 'i',
};

export function ToastViewport({ store }: { store: ToastStore }) {
  const toasts = useSyncExternalStore(store.subscribe, store.getSnapshot, getServerSnapshot);
  const errors = toasts.filter((toast) => toast.type === 'error');
  const others = toasts.filter((toast) => toast.type !== 'error');
  // Both live regions stay mounted (empty) from the first render: screen readers only announce
  // changes inside a region they already know about. aria-atomic="false" overrides the implicit
  // "true" of status/alert so a new toast is read on its own, not together with the older ones.
  return (
    <div className="toast-viewport">
      <div role="alert" aria-live="assertive" aria-atomic="false" className="toast-region">
        {errors.map((toast) => (
          <ToastItem key={toast.id} toast={toast} onDismiss={store.dismiss} />
        ))}
      </div>
      <div role="status" aria-live="polite" aria-atomic="false" className="toast-region">
        {others.map((toast) => (
          <ToastItem key={toast.id} toast={toast} onDismiss={store.dismiss} />
        ))}
      </div>
    </div>
  );
}

const ignore = () => undefined;

/**
 * A toast of each kind the early script shows, hidden, for the page whose control shows one before
 * React is live (the checkout's Place Order): src/early/toast.ts clones one and writes its message,
 * so the toast before the page is live is this component's own drawing, never a copy of its markup
 * kept in step by hand (decision 028).
 */
export function EarlyToasts() {
  return (
    <div hidden data-early-toasts="">
      {(['error', 'info'] as const).map((type) => (
        <ToastItem key={type} toast={{ id: 0, type, message: '', duration: 0 }} onDismiss={ignore} early />
      ))}
    </div>
  );
}

interface ToastItemProps {
  toast: Toast;
  onDismiss: (id: ToastId) => void;
  /** The early script's copy: its × closes it before the page is live (src/early/toast.ts). */
  early?: boolean;
}

function ToastItem({ toast, onDismiss, early = false }: ToastItemProps) {
  return (
    <div className={`toast toast--${toast.type}`}>
      <span className="toast__icon" aria-hidden="true">
        {ICONS[toast.type]}
      </span>
      <div className="toast__body">
        {toast.title ? <p className="toast__title">{toast.title}</p> : null}
        <p className="toast__message">{toast.message}</p>
      </div>
      <button
        type="button"
        className="toast__close"
        aria-label={text('common.closeNotification')}
        data-early={early ? ('toast-close' satisfies EarlyActionName) : undefined}
        onClick={() => onDismiss(toast.id)}
      >
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}
