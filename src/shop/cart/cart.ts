import { findProduct, findVariant, type Product, unitPrice, variantKey } from '../catalogue/index.ts';

/** The cart line (docs/shop-rules.md §3), stored in the browser under the key `cart`. */
export interface CartItem {
  product_retailer_id: string;
  productId: number;
  name: string;
  size: string;
  price: number;
  weight: number;
  quantity: number;
  image: string;
}

export const CART_STORAGE_KEY = 'cart';
export const CART_UPDATED_EVENT = 'cartUpdated';
/** A shop for households, not wholesalers: a higher count on one line is almost always a typo. */
export const MAX_LINE_QUANTITY = 99;

/** Quantity from any input: non-numeric becomes 1, below 1 becomes 1, fractions are dropped. */
export function parseQuantity(value: unknown): number {
  const parsed = typeof value === 'number' ? value : Number.parseInt(String(value), 10);
  if (!Number.isFinite(parsed)) return 1;
  return clampQuantity(Math.trunc(parsed));
}

function clampQuantity(quantity: number): number {
  return Math.min(MAX_LINE_QUANTITY, Math.max(1, quantity));
}

/** A fresh line priced from the catalogue (never from what the browser had stored). */
export function cartItemFor(product: Product, size: string, quantity: number): CartItem | undefined {
  const variant = findVariant(product, size);
  if (!variant) return undefined;
  return {
    product_retailer_id: variantKey(product.id, variant.size),
    productId: product.id,
    name: product.name,
    size: variant.size,
    price: unitPrice(product, variant),
    weight: variant.weight,
    quantity: parseQuantity(quantity),
    image: product.images[0]?.src ?? '',
  };
}

/** Adding merges into the line with the same product_retailer_id, otherwise appends. */
export function addToCart(items: readonly CartItem[], item: CartItem): CartItem[] {
  const existing = items.find((line) => line.product_retailer_id === item.product_retailer_id);
  if (!existing) return [...items, { ...item, quantity: parseQuantity(item.quantity) }];
  return items.map((line) =>
    line === existing ? { ...line, quantity: clampQuantity(line.quantity + parseQuantity(item.quantity)) } : line,
  );
}

/** A quantity below 1 is ignored: removing a line is an explicit action. */
export function changeQuantity(items: readonly CartItem[], key: string, quantity: number): CartItem[] {
  if (!Number.isFinite(quantity) || quantity < 1) return [...items];
  return items.map((line) =>
    line.product_retailer_id === key ? { ...line, quantity: clampQuantity(Math.trunc(quantity)) } : line,
  );
}

export function removeFromCart(items: readonly CartItem[], key: string): CartItem[] {
  return items.filter((line) => line.product_retailer_id !== key);
}

export function cartCount(items: readonly CartItem[]): number {
  return items.reduce((sum, line) => sum + line.quantity, 0);
}

export function cartSubtotal(items: readonly CartItem[]): number {
  return items.reduce((sum, line) => sum + line.price * line.quantity, 0);
}

export function cartWeight(items: readonly CartItem[]): number {
  return items.reduce((sum, line) => sum + line.weight * line.quantity, 0);
}

/** What the server needs to price a cart: nothing the browser could have tampered with. */
export function toOrderLines(items: readonly CartItem[]) {
  return items.map(({ productId, size, quantity }) => ({ productId, size, quantity }));
}

export interface RepairedCart {
  items: CartItem[];
  /** Names of lines dropped because their product or size no longer exists. */
  removed: string[];
  /** True when the stored value differed from the repaired one and should be rewritten. */
  changed: boolean;
}

/**
 * Reads whatever was stored under `cart` (possibly corrupted or hand-edited) and rebuilds it from
 * the current catalogue: prices, names, weights and images are re-derived, unknown lines dropped,
 * duplicate lines merged. It never throws.
 */
export function repairCart(stored: unknown, catalogue: readonly Product[]): RepairedCart {
  const entries = Array.isArray(stored) ? stored : [];
  let items: CartItem[] = [];
  const removed: string[] = [];
  for (const entry of entries) {
    const line = rebuildLine(entry, catalogue);
    if (line.item) items = addToCart(items, line.item);
    else if (line.name) removed.push(line.name);
  }
  const changed = !Array.isArray(stored) || JSON.stringify(stored) !== JSON.stringify(items);
  return { items, removed, changed };
}

function rebuildLine(entry: unknown, catalogue: readonly Product[]): { item?: CartItem; name?: string } {
  if (typeof entry !== 'object' || entry === null) return {};
  const record = entry as Record<string, unknown>;
  const name = typeof record.name === 'string' ? record.name : undefined;
  const productId = Number(record.productId);
  const product = Number.isInteger(productId) ? findProduct(catalogue, productId) : undefined;
  const size = typeof record.size === 'string' ? record.size : undefined;
  const item = product && size !== undefined ? cartItemFor(product, size, parseQuantity(record.quantity)) : undefined;
  return item ? { item } : { name: name ?? 'An item' };
}
