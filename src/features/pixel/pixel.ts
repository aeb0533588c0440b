/**
 * The ad pixel. Events are always kept in memory (tests read them from `window.__ouo.pixelEvents`);
 * the Meta pixel script is loaded, and events sent to it, only when VITE_META_PIXEL_ID is set.
 */
import { publicEnv } from '../../config/env.ts';
import { installMetaPixel } from '../../early/index.ts';
import type { CartItem } from '../../shop/cart/index.ts';

export type PixelEventName = 'ViewContent' | 'AddToCart' | 'InitiateCheckout' | 'Purchase' | 'Lead';

export interface PixelParams {
  content_ids?: string[];
  content_type?: 'product';
  value?: number;
  currency?: 'INR';
  num_items?: number;
}

export interface PixelEvent {
  name: PixelEventName;
  params: PixelParams;
}

export function recordedPixelEvents(): PixelEvent[] {
  if (typeof window === 'undefined') return [];
  // The global types an event loosely (src/early/global.ts); this module is the one that writes them.
  window.__ouo ??= {};
  window.__ouo.pixelEvents ??= [];
  return window.__ouo.pixelEvents as PixelEvent[];
}

export function track(name: PixelEventName, params: PixelParams = {}): void {
  if (typeof window === 'undefined') return;
  recordedPixelEvents().push({ name, params });
  window.fbq?.('track', name, params);
}

/** Event parameters for a set of cart lines (or a single line being added). */
export function cartPixelParams(
  items: readonly Pick<CartItem, 'product_retailer_id' | 'price' | 'quantity'>[],
): PixelParams {
  return {
    content_ids: items.map((item) => item.product_retailer_id),
    content_type: 'product',
    value: items.reduce((sum, item) => sum + item.price * item.quantity, 0),
    currency: 'INR',
    num_items: items.reduce((sum, item) => sum + item.quantity, 0),
  };
}

/** Installs the Meta pixel when an id is configured (src/early/pixel.ts), and sends the page's PageView. */
export function loadPixel(pixelId = publicEnv.VITE_META_PIXEL_ID): void {
  if (pixelId) installMetaPixel(pixelId);
}
