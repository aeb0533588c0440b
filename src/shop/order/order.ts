import { findProduct, findVariant, type Product, unitPrice } from '../catalogue/index.ts';
import type { CheckoutPayment } from '../cod/index.ts';
import type { ErrorCodeOf } from '../error-codes.ts';
import { pricing } from '../texts/pricing.ts';
import { reader } from '../texts/read.ts';
import { codChargeFor, DEFAULT_SHIPPING_RULES, type PaymentMode, type ShippingRules } from './shipping.ts';

/** The words a cart that cannot be priced is refused in: this module's own domain, so a page that prices nothing carries none. */
const shopText = /* @__PURE__ */ reader({ pricing });

export interface OrderLine {
  productId: number;
  size: string;
  quantity: number;
}

export interface PricedLine extends OrderLine {
  name: string;
  /** Unit price in whole rupees after any discount. */
  price: number;
  /** Unit weight in grams. */
  weight: number;
  lineTotal: number;
  hsnCode?: string;
}

export interface PricedCart {
  lines: PricedLine[];
  subtotal: number;
  weight: number;
}

export type PricingResult =
  | { ok: true; cart: PricedCart }
  | { ok: false; code: ErrorCodeOf<'pricing'>; message: string };

/** Prices order lines from the catalogue alone: the one place a rupee amount for goods is computed. */
export function priceLines(catalogue: readonly Product[], lines: readonly OrderLine[]): PricingResult {
  if (lines.length === 0) return { ok: false, code: 'EMPTY_CART', message: shopText('pricing.emptyCart') };
  const merged = mergeLines(lines);
  const priced: PricedLine[] = [];
  for (const line of merged) {
    const product = findProduct(catalogue, line.productId);
    if (!product) {
      return {
        ok: false,
        code: 'UNKNOWN_PRODUCT',
        message: shopText('pricing.unknownProduct', { id: line.productId }),
      };
    }
    const variant = findVariant(product, line.size);
    if (!variant) {
      return {
        ok: false,
        code: 'UNKNOWN_SIZE',
        message: shopText('pricing.unknownSize', { name: product.name, size: line.size }),
      };
    }
    if (line.quantity > variant.stock) {
      return {
        ok: false,
        code: 'OUT_OF_STOCK',
        message: shopText('pricing.outOfStock', { stock: variant.stock, name: product.name, size: variant.size }),
      };
    }
    const price = unitPrice(product, variant);
    priced.push({
      ...line,
      name: product.name,
      price,
      weight: variant.weight,
      lineTotal: price * line.quantity,
      ...(product.hsnCode ? { hsnCode: product.hsnCode } : {}),
    });
  }
  return {
    ok: true,
    cart: {
      lines: priced,
      subtotal: priced.reduce((sum, line) => sum + line.lineTotal, 0),
      weight: priced.reduce((sum, line) => sum + line.weight * line.quantity, 0),
    },
  };
}

function mergeLines(lines: readonly OrderLine[]): OrderLine[] {
  const byKey = new Map<string, OrderLine>();
  for (const line of lines) {
    const key = `${line.productId}_${line.size}`;
    const existing = byKey.get(key);
    byKey.set(key, existing ? { ...existing, quantity: existing.quantity + line.quantity } : { ...line });
  }
  return [...byKey.values()];
}

export interface OrderTotals {
  subtotal: number;
  shippingCharge: number;
  codCharge: number;
  total: number;
}

/** Total = subtotal (GST included) + shipping + COD charge. */
export function orderTotals(
  subtotal: number,
  shippingCharge: number,
  mode: PaymentMode,
  rules: ShippingRules = DEFAULT_SHIPPING_RULES,
): OrderTotals {
  const codCharge = codChargeFor(mode, rules);
  return { subtotal, shippingCharge, codCharge, total: subtotal + shippingCharge + codCharge };
}

export const ORDER_ID_PATTERN = /^OUO_\d{13}$/;

/**
 * 'OUO_' + the millisecond timestamp. Passing the last id this issuer handed out keeps ids strictly
 * increasing, so two orders from one browser or one server never share an id; the order log also
 * refuses to merge two different orders that arrive under one id (see `isSameOrder`).
 */
export function createOrderId(nowMs: number, lastIssued?: string): string {
  const last = lastIssued ? orderIdTimestamp(lastIssued) : undefined;
  // Following an id from the far future (a wrong clock, or a posted `OUO_9999999999999`) would
  // run past 13 digits into an id the order page and /track refuse: the clock is used instead.
  const follows = last !== undefined && last >= nowMs && last + 1 <= LAST_ORDER_MS;
  const ms = follows ? last + 1 : Math.trunc(nowMs);
  return `OUO_${ms}`;
}

/** The largest timestamp `ORDER_ID_PATTERN` holds (13 digits: until the year 2286). */
const LAST_ORDER_MS = 9_999_999_999_999;

export function orderIdTimestamp(orderId: string): number | undefined {
  return ORDER_ID_PATTERN.test(orderId) ? Number(orderId.slice(4)) : undefined;
}

export interface Customer {
  name: string;
  email: string;
  phone: string;
  address1: string;
  address2?: string | undefined;
  pincode: string;
  city?: string | undefined;
  state?: string | undefined;
  /** A business purchase's GSTIN (issue 35), as `readGstin` reads it; absent for a personal one. */
  gstin?: string | undefined;
}

/** Case and runs of spaces do not make a different address, name or email. */
const normalised = (text: string | undefined) => (text ?? '').trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * Two submissions under one order id are the same order (a retry, a double click, a resend from
 * another tab) only when the customer, the delivery address and the lines are the same; otherwise
 * they are two orders that must both be kept — the same cart sent to two addresses is two parcels.
 */
/** `mode` tells a COD order with its fee paid now (`cod-advance`) from plain COD: two different orders. */
export function orderFingerprint(customer: Customer, lines: readonly OrderLine[], mode: CheckoutPayment): string {
  const sortedLines = mergeLines(lines)
    .map((line) => `${line.productId}_${line.size}x${line.quantity}`)
    .sort();
  return JSON.stringify([
    normalised(customer.name),
    normalised(customer.email),
    customer.phone.replace(/\D/g, ''),
    [customer.address1, customer.address2, customer.city, customer.state].map(normalised),
    customer.pincode.trim(),
    mode,
    sortedLines,
    // The GSTIN counts (issue 35): the same cart bought for a business and for oneself is two tax
    // invoices, so two orders. Only when given, so an order without one keeps the fingerprint it was
    // stored with before GSTINs existed, and its retry still finds it.
    ...(customer.gstin ? [customer.gstin] : []),
  ]);
}

export function isSameOrder(
  a: { customer: Customer; lines: readonly OrderLine[]; mode: PaymentMode },
  b: { customer: Customer; lines: readonly OrderLine[]; mode: PaymentMode },
): boolean {
  return orderFingerprint(a.customer, a.lines, a.mode) === orderFingerprint(b.customer, b.lines, b.mode);
}

/** The order record of docs/shop-rules.md §3 (what staff see as a row in the Orders tab). */
export interface OrderRecord {
  type: 'checkout';
  orderId: string;
  timestamp: string;
  name: string;
  email: string;
  phone: string;
  address: string;
  pincode: string;
  city: string;
  state: string;
  products: { name: string; size: string; quantity: number; price: number }[];
  paymentMode: 'COD' | 'Prepaid';
  paymentStatus: 'Pending' | 'Completed';
  subtotal: number;
  shippingCharge: number;
  codCharge: number;
  total: number;
}

export function buildOrderRecord(input: {
  orderId: string;
  timestamp: Date;
  customer: Customer;
  cart: PricedCart;
  totals: OrderTotals;
  mode: PaymentMode;
}): OrderRecord {
  const { customer, cart, totals } = input;
  return {
    type: 'checkout',
    orderId: input.orderId,
    timestamp: input.timestamp.toISOString(),
    name: customer.name,
    email: customer.email,
    phone: customer.phone,
    address: [customer.address1, customer.address2].filter((part) => part?.trim()).join(', '),
    pincode: customer.pincode,
    city: customer.city ?? '',
    state: customer.state ?? '',
    products: cart.lines.map(({ name, size, quantity, price }) => ({ name, size, quantity, price })),
    paymentMode: input.mode === 'cod' ? 'COD' : 'Prepaid',
    paymentStatus: input.mode === 'cod' ? 'Pending' : 'Completed',
    subtotal: totals.subtotal,
    shippingCharge: totals.shippingCharge,
    codCharge: totals.codCharge,
    total: totals.total,
  };
}
