// @ts-check
// The settings of `npm run bench:pages` (bench/lighthouse.mjs): where the build is served, the routes
// measured and how often, the Chromium that measures them, and the cart the checkout is measured with.
import path from 'node:path';
import { HOST } from './serve-build.mjs';

export const root = path.resolve(import.meta.dirname, '..');
export const CLIENT_DIR = path.join(root, 'build/client');
// Not 8896 (bench:orders) nor 8897-8899 (screenshots, end-to-end runs).
export const PORT = Number(process.env.BENCH_PAGES_PORT ?? 8930);
export const BASE = `http://${HOST}:${PORT}`;
export const RUNS = 3;
/** Lighthouse runs per measurement when one reports a runtime error (a trace it could not read). */
export const LIGHTHOUSE_ATTEMPTS = 3;
const ALL_ROUTES = ['/', '/products', '/products/3', '/blog/1', '/who-are-we/recipes', '/cart', '/checkout'];
/**
 * The routes to measure: all of them, or those in BENCH_PAGES_ROUTES (comma-separated, any
 * prerendered path: `/blog/1,/policies/returns`), to measure a few pages in a few minutes.
 */
const CHOSEN_ROUTES = (process.env.BENCH_PAGES_ROUTES ?? '').split(',').map((route) => route.trim());
export const ROUTES = CHOSEN_ROUTES.some(Boolean) ? CHOSEN_ROUTES.filter(Boolean) : ALL_ROUTES;
export const PRODUCT_ROUTE = '/products/3';
export const CHECKOUT_ROUTE = '/checkout';
/** The routes that are `noindex` on purpose (their route modules' meta): the cart and the checkout. */
export const NOINDEX_ROUTES = ['/cart', CHECKOUT_ROUTE];
export const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
export const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
/** The cart as the shop stores it (src/shop/cart/cart.ts, key `cart`); the page rebuilds each line from the catalogue. */
export const CART_STORAGE_KEY = 'cart';
export const CART = [
  { productId: 3, size: '495gm', quantity: 1 },
  { productId: 1, size: '500gm', quantity: 2 },
];
export const CATEGORIES = /** @type {const} */ (['performance', 'accessibility', 'best-practices', 'seo']);
