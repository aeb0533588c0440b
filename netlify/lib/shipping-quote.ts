/**
 * The shipping quote behind POST /api/delhivery/calculate-shipping. The server is the price
 * authority (docs/shop-rules.md §10): subtotal and weight come from the catalogue and the lines,
 * never from the browser.
 */
import type { Product } from '../../src/shop/catalogue/index.ts';
import {
  decideShipping,
  type OrderTotals,
  orderTotals,
  type PaymentMode,
  type PricedCart,
  priceLines,
  type ShippingRules,
  type ShippingSource,
} from '../../src/shop/order/index.ts';
import type { ShippingQuoteRequest, ShippingQuoteResponse } from '../../src/shop/schemas/index.ts';
import type { Delhivery } from './delhivery/client.ts';
import { fail, type ServiceFailure } from './platform/http.ts';

export interface ShippingQuoteDeps {
  catalogue: readonly Product[];
  rules: ShippingRules;
  /** Where parcels are collected (the pickup pincode in shop settings). */
  originPin: string;
  carrier: Pick<Delhivery, 'quoteRate'>;
}

export type ShippingQuoteResult = { ok: true; quote: ShippingQuoteResponse } | ServiceFailure;

/**
 * Prices the lines from the catalogue and decides shipping and totals: the one computation behind
 * both the quote the shopper sees and the order the server records, so the two cannot disagree.
 */
export async function priceAndShip(
  lines: ShippingQuoteRequest['lines'],
  pincode: string,
  mode: PaymentMode,
  deps: ShippingQuoteDeps,
): Promise<{ ok: true; cart: PricedCart; source: ShippingSource; totals: OrderTotals } | ServiceFailure> {
  const priced = priceLines(deps.catalogue, lines);
  // Unknown product or size, too few in stock (or no lines): the cart cannot be priced as sent.
  if (!priced.ok) return fail(422, priced.code, priced.message);
  const { weight } = priced.cart;
  // Free from the threshold up: decideShipping then never asks the carrier.
  const { shippingCharge, source } = await decideShipping(
    priced.cart,
    () => deps.carrier.quoteRate({ originPin: deps.originPin, destinationPin: pincode, grams: weight, mode }),
    deps.rules,
  );
  const totals = orderTotals(priced.cart.subtotal, shippingCharge, mode, deps.rules);
  return { ok: true, cart: priced.cart, source, totals };
}

export async function quoteShipping(
  request: ShippingQuoteRequest,
  deps: ShippingQuoteDeps,
): Promise<ShippingQuoteResult> {
  const priced = await priceAndShip(request.lines, request.pincode, request.paymentMode, deps);
  if (!priced.ok) return priced;
  const { totals, source, cart } = priced;
  return {
    ok: true,
    quote: {
      success: true,
      shippingCharge: totals.shippingCharge,
      source,
      subtotal: totals.subtotal,
      codCharge: totals.codCharge,
      total: totals.total,
      weight: cart.weight,
    },
  };
}
