/**
 * The shipping quote behind POST /api/delhivery/calculate-shipping. The server is the price
 * authority (DESIGN.md, principle 2): subtotal and weight come from the catalogue and the lines,
 * never from the browser.
 */
import type { Product } from '../../src/shop/catalogue.ts';
import { orderTotals, priceLines } from '../../src/shop/order.ts';
import type { ShippingQuoteRequest, ShippingQuoteResponse } from '../../src/shop/schemas.ts';
import { decideShipping, type ShippingRules } from '../../src/shop/shipping.ts';
import type { Delhivery } from './delhivery.ts';

export interface ShippingQuoteDeps {
  catalogue: readonly Product[];
  rules: ShippingRules;
  /** Where parcels are collected (the pickup pincode in shop settings). */
  originPin: string;
  carrier: Pick<Delhivery, 'quoteRate'>;
}

export type ShippingQuoteResult =
  | { ok: true; quote: ShippingQuoteResponse }
  | { ok: false; status: number; code: string; message: string };

export async function quoteShipping(
  request: ShippingQuoteRequest,
  deps: ShippingQuoteDeps,
): Promise<ShippingQuoteResult> {
  const priced = priceLines(deps.catalogue, request.lines);
  // Unknown product or size, too few in stock (or no lines): the cart cannot be quoted as sent.
  if (!priced.ok) return { ok: false, status: 422, code: priced.code, message: priced.message };

  const { subtotal, weight } = priced.cart;
  // Free from the threshold up: decideShipping then never asks the carrier.
  const { shippingCharge, source } = await decideShipping(
    { subtotal, weight },
    () =>
      deps.carrier.quoteRate({
        originPin: deps.originPin,
        destinationPin: request.pincode,
        grams: weight,
        mode: request.paymentMode,
      }),
    deps.rules,
  );
  const totals = orderTotals(subtotal, shippingCharge, request.paymentMode, deps.rules);
  return {
    ok: true,
    quote: {
      success: true,
      shippingCharge: totals.shippingCharge,
      source,
      subtotal: totals.subtotal,
      codCharge: totals.codCharge,
      total: totals.total,
      weight,
    },
  };
}
