// The settings of `npm run bench:orders` (bench/orders.mjs): where the server listens, what the
// shoppers order, how many at once, and the database the server runs on; read by each of its parts.
import path from 'node:path';
import { HOST } from './serve-build.mjs';

export const root = path.resolve(import.meta.dirname, '..');
// Not 8897-8899: end-to-end runs (E2E_PORT) and screenshots (SCREENSHOT_PORT) use those.
export const PORT = Number(process.env.BENCH_PORT ?? 8896);
export const BASE = `http://${HOST}:${PORT}`;
// NetlifyDev's own function emulation started a worker thread per request (seconds of CPU each), where
// 10 s completed almost nothing; set BENCH_QUOTE_SECONDS to measure longer.
export const QUOTE_SECONDS = Number(process.env.BENCH_QUOTE_SECONDS ?? 10);
export const QUOTE_CONNECTIONS = 10;
export const ORDERS = 200;
/** The browser's outbox resends an order that got no answer; this many at a time, one round. */
export const RESEND_CONCURRENCY = 10;
export const SETTLE_POLLS = 60; // × 1 s: wait for late writes of requests that timed out
export const DATABASE = process.env.BENCH_DATABASE ?? 'postgres';
/** The throw-away server's schema the shop's server writes (the migrations applied). */
export const SCHEMA = 'bench_orders';
/**
 * The role the bench reads and counts as (a superuser of the throw-away server): its own statements
 * (the order log's checks, the counting itself) are not the server's, and are left out of the count.
 */
export const BENCH_ROLE = 'bench';
/** What issue 47 asks of an order's statements (136 Blobs requests per confirmation before it). */
export const STATEMENTS_TARGET = 15;

// Two items, ₹694 and 523 g: below the free-shipping threshold, so the fallback estimate runs.
export const CART = [
  { productId: 1, size: '500gm', quantity: 1 },
  { productId: 6, size: '23gm', quantity: 1 },
];
export const PINCODE = '248001';
