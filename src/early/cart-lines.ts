/**
 * /cart before React is live (decision 028). The prerendered page cannot know the shopper's cart,
 * so it carries, hidden, the cart as CartView draws it with one line (the template), the empty cart,
 * and every size's facts as JSON (src/features/cart/CartPage.tsx, CartBeforeLive; the facts from
 * CartView's `cartLineFacts`). As the page is parsed, before its first paint, `drawCart` fills a
 * copy of the template for each line the stored cart holds, in its order, with its quantity and
 * total at the catalogue's prices, into a slot React does not hydrate. Until the
 * page is live, the copies' controls act on the stored cart at once, as the cart store would (the
 * same src/shop/cart/cart.ts functions), and are not replayed: once live, React draws the cart from
 * storage in place of the copies. A line whose size is no longer sold is left out here; the store
 * drops it and says so once live.
 */
import {
  type CartItem,
  cartCount,
  changeQuantity,
  MAX_LINE_QUANTITY,
  parseQuantity,
  removeFromCart,
} from '../shop/cart/index.ts';
import { formatRupees } from '../shop/money/index.ts';
import type { EarlyAction, EarlyResult } from './action.ts';
import { showCartCount, storedCart, writeStoredCart } from './cart-storage.ts';
import { type CartLineFacts, type CartLinePhoto, stepperLimits } from './views.ts';

const part = (page: Element, name: string) => page.querySelector(`[data-early-cart-parts] [data-early-cart-${name}]`);

/** The controls of a drawn line, renamed for the actions below (the parts carry the product page's). */
const RENAMED: Readonly<Record<string, string>> = {
  'quantity-up': 'cart-step-up',
  'quantity-down': 'cart-step-down',
};

/**
 * A line's photo, drawn as ResponsiveImage draws it for the same candidates — the one thing drawn
 * twice: src/features/cart/cart-line-photo.test.tsx fails if the two differ.
 */
export function linePhoto(photo: CartLinePhoto | null): Element {
  const doc = document;
  if (!photo) {
    const none = doc.createElement('span');
    none.className = 'cart-line__image';
    return none;
  }
  const image = doc.createElement('img');
  // Attributes, not properties, in ResponsiveImage's order: `loading` before `src`, so the photo is
  // lazy from the start.
  const set = (element: Element, attributes: Record<string, string | number | undefined>) => {
    for (const [name, value] of Object.entries(attributes))
      if (value !== undefined) element.setAttribute(name, String(value));
  };
  set(image, {
    class: 'cart-line__image',
    loading: 'lazy',
    decoding: 'async',
    srcset: photo.srcSet,
    sizes: photo.srcSet ? photo.sizes : undefined,
    alt: '',
    width: photo.width,
    height: photo.height,
    src: photo.src,
  });
  if (photo.sources.length === 0) return image;
  const picture = doc.createElement('picture');
  for (const { type, srcSet } of photo.sources) {
    const source = doc.createElement('source');
    set(source, { type, srcset: srcSet, sizes: photo.sizes });
    picture.append(source);
  }
  picture.append(image);
  return picture;
}

/** A copy of the template line, made the line of `facts`: its key, price, photo, link and texts. */
function lineFor(template: Element, facts: CartLineFacts): HTMLElement {
  const line = template.cloneNode(true) as HTMLElement;
  line.dataset.lineKey = facts.key;
  line.dataset.linePrice = String(facts.price);
  line.firstElementChild?.replaceWith(linePhoto(facts.photo));
  const link = line.querySelector('.cart-line__name a');
  link?.setAttribute('href', facts.href);
  if (link) link.textContent = facts.name;
  const meta = line.querySelector('.cart-line__meta');
  if (meta) meta.textContent = facts.meta.join('');
  const legend = line.querySelector('.stepper legend');
  if (legend) legend.textContent = facts.quantityLabel;
  line.querySelector('.cart-line__remove')?.setAttribute('aria-label', facts.removeLabel);
  return line;
}

function showLine(line: HTMLElement, quantity: number): void {
  const field = line.querySelector<HTMLInputElement>('.stepper__input');
  const [down, up] = line.querySelectorAll<HTMLButtonElement>('.stepper__button');
  if (field) field.value = String(quantity);
  const limits = stepperLimits(quantity, 1, MAX_LINE_QUANTITY);
  if (down) down.disabled = limits.down;
  if (up) up.disabled = limits.up;
  const total = line.querySelector('[data-line-total]');
  if (total) total.textContent = formatRupees(Number(line.dataset.linePrice) * quantity);
}

function showTotals(slot: Element, items: readonly CartItem[]): void {
  let subtotal = 0;
  for (const line of slot.querySelectorAll<HTMLElement>('li[data-line-key]')) {
    const item = items.find((each) => each.product_retailer_id === line.dataset.lineKey);
    if (item) subtotal += Number(line.dataset.linePrice) * item.quantity;
  }
  const shown = slot.querySelector('[data-testid="cart-subtotal"]');
  if (shown) shown.textContent = formatRupees(subtotal);
  showCartCount(cartCount(items));
}

/** Draws the stored cart into the page's slot (the inline script after it calls this). */
export function drawCart(): void {
  const page = document.querySelector<HTMLElement>('[data-early-cart]');
  const slot = page?.querySelector('[data-early-cart-slot]');
  const full = page && part(page, 'full');
  const empty = page && part(page, 'empty');
  const sizes = page && part(page, 'lines');
  if (!page || !slot || !full || !empty || !sizes) return;
  const facts = new Map(
    (JSON.parse(sizes.getAttribute('data-early-cart-lines') ?? '[]') as CartLineFacts[]).map((each) => [
      each.key,
      each,
    ]),
  );
  const drawn = full.cloneNode(true) as Element;
  const list = drawn.querySelector('ul[aria-label]');
  const template = list?.querySelector('li[data-line-key]');
  const items = template ? storedCart().filter((item) => facts.has(item.product_retailer_id)) : [];
  list?.replaceChildren();
  for (const item of items) {
    const line = lineFor(template as Element, facts.get(item.product_retailer_id) as CartLineFacts);
    showLine(line, item.quantity);
    list?.append(line);
  }
  for (const control of drawn.querySelectorAll('[data-early]'))
    control.setAttribute(
      'data-early',
      RENAMED[control.getAttribute('data-early') ?? ''] ?? control.getAttribute('data-early') ?? '',
    );
  for (const field of drawn.querySelectorAll('.stepper__input')) field.setAttribute('data-early', 'cart-quantity');
  slot.replaceChildren(...(items.length > 0 ? drawn.childNodes : (empty.cloneNode(true) as Element).childNodes));
  page.className = items.length > 0 ? 'page cart' : 'page page--message';
  page.setAttribute('aria-busy', 'false');
  page.querySelector('[data-early-cart-loading]')?.setAttribute('hidden', '');
  showTotals(slot, items);
}

/** Applies a change to the stored cart and to the drawn line (or draws the cart again when one went). */
function change(
  control: HTMLElement,
  next: (items: CartItem[], key: string, line: HTMLElement) => CartItem[],
): EarlyResult {
  const line = control.closest<HTMLElement>('li[data-line-key]');
  const slot = control.closest('[data-early-cart-slot]');
  const key = line?.dataset.lineKey;
  if (!line || !slot || !key) return 'hold';
  const items = next(storedCart(), key, line);
  writeStoredCart(items);
  const item = items.find((each) => each.product_retailer_id === key);
  if (!item) {
    drawCart();
    return 'done';
  }
  showLine(line, item.quantity);
  showTotals(slot, items);
  return 'done';
}

const step = (control: HTMLElement, by: 1 | -1): EarlyResult =>
  change(control, (items, key) => {
    const current = items.find((item) => item.product_retailer_id === key)?.quantity ?? 1;
    return changeQuantity(items, key, Math.min(MAX_LINE_QUANTITY, Math.max(1, current + by)));
  });

/** The drawn cart's controls by their `data-early`. */
export const cartEarlyActions = {
  'cart-step-up': (control) => step(control, 1),
  'cart-step-down': (control) => step(control, -1),
  // A number typed into a line, once the field is left (its change event).
  'cart-quantity': (field) =>
    change(field, (items, key) =>
      changeQuantity(items, key, Math.min(MAX_LINE_QUANTITY, parseQuantity((field as HTMLInputElement).value))),
    ),
  'cart-remove': (control) => change(control, (items, key) => removeFromCart(items, key)),
  // Proceed to Checkout: an ordinary page load (the pixel's InitiateCheckout needs the live page).
  'cart-checkout': () => {
    location.assign('/checkout');
    return 'done';
  },
} satisfies Record<string, EarlyAction>;
