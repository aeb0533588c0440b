/**
 * The cart in browser storage (key `cart`, a list of docs/shop-rules.md §3 cart items). Every change is stored
 * and announced with a `cartUpdated` event; other tabs are heard through the `storage` event.
 * What was stored is never trusted: on every read, lines are rebuilt from the current catalogue.
 */
import {
  addToCart,
  CART_STORAGE_KEY,
  CART_UPDATED_EVENT,
  type CartItem,
  changeQuantity,
  removeFromCart,
  repairCart,
} from '../../shop/cart/index.ts';
import type { Product } from '../../shop/catalogue/index.ts';

type Listener = () => void;

export interface CartStore {
  subscribe(listener: Listener): () => void;
  getSnapshot(): CartItem[];
  add(item: CartItem): void;
  setQuantity(key: string, quantity: number): void;
  remove(key: string): void;
  clear(): void;
}

export interface CartStoreOptions {
  catalogue: readonly Product[];
  storage?: Storage | undefined;
  events?: Window | undefined;
  /** Told the names of lines dropped because their product or size is no longer sold. */
  onRemoved?: (names: string[]) => void;
}

const EMPTY: CartItem[] = [];

export function createCartStore({ catalogue, storage, events, onRemoved }: CartStoreOptions): CartStore {
  const listeners = new Set<Listener>();
  let snapshot: CartItem[] | undefined;
  let memory: string | null = null; // when storage is unavailable (private browsing, quota)

  const readRaw = (): string | null => {
    try {
      return storage ? storage.getItem(CART_STORAGE_KEY) : memory;
    } catch {
      return memory;
    }
  };

  const writeRaw = (value: string) => {
    memory = value;
    try {
      storage?.setItem(CART_STORAGE_KEY, value);
    } catch {
      // Storage full or blocked: the cart still works for this page view.
    }
  };

  const load = (): CartItem[] => {
    let parsed: unknown = [];
    const raw = readRaw();
    try {
      parsed = raw === null ? [] : JSON.parse(raw);
    } catch {
      parsed = null; // corrupted: repaired to an empty cart below
    }
    const repaired = repairCart(parsed, catalogue);
    if (repaired.changed && raw !== null) writeRaw(JSON.stringify(repaired.items));
    const removed = repaired.removed;
    // Reads happen while React renders; tell the page afterwards, never during a render.
    if (removed.length > 0 && onRemoved) queueMicrotask(() => onRemoved(removed));
    return repaired.items;
  };

  const notify = () => {
    for (const listener of listeners) listener();
  };

  const reload = () => {
    snapshot = load();
    notify();
  };

  const commit = (items: CartItem[]) => {
    writeRaw(JSON.stringify(items));
    snapshot = items;
    notify();
    events?.dispatchEvent(new Event(CART_UPDATED_EVENT));
  };

  const onStorage = (event: StorageEvent) => {
    if (event.key === CART_STORAGE_KEY || event.key === null) reload();
  };
  const onCartUpdated = () => {
    // Our own commits already updated the snapshot; other code may have written storage directly.
    const stored = readRaw();
    if (stored !== JSON.stringify(snapshot ?? EMPTY)) reload();
  };

  const getSnapshot = (): CartItem[] => {
    snapshot ??= load();
    return snapshot;
  };

  return {
    getSnapshot,
    subscribe(listener) {
      if (listeners.size === 0) {
        events?.addEventListener('storage', onStorage);
        events?.addEventListener(CART_UPDATED_EVENT, onCartUpdated);
      }
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) {
          events?.removeEventListener('storage', onStorage);
          events?.removeEventListener(CART_UPDATED_EVENT, onCartUpdated);
        }
      };
    },
    add: (item) => commit(addToCart(getSnapshot(), item)),
    setQuantity: (key, quantity) => commit(changeQuantity(getSnapshot(), key, quantity)),
    remove: (key) => commit(removeFromCart(getSnapshot(), key)),
    clear: () => commit([]),
  };
}

export const EMPTY_CART: CartItem[] = EMPTY;
