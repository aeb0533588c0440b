import { useEffect, useRef, useState } from 'react';
import { type CartItem, cartSubtotal, cartWeight, toOrderLines } from '../../shop/cart/index.ts';
import {
  decideShipping,
  orderTotals,
  type PaymentMode,
  qualifiesForFreeShipping,
  type ShippingRules,
} from '../../shop/order/index.ts';
import { quoteShipping } from './api.ts';

export type QuoteState =
  | { status: 'idle'; codCharge: number; total: number }
  | { status: 'calculating' }
  | {
      status: 'ready';
      /** The server's subtotal when it quoted (its prices win), else the cart's. */
      subtotal: number;
      shippingCharge: number;
      codCharge: number;
      total: number;
      /** 'local' when our server could not be reached and the browser estimated it (display only). */
      source: 'free' | 'carrier' | 'estimate' | 'local';
    };

/**
 * Re-quotes shipping whenever a 6-character pincode or the payment method changes (docs/shop-rules.md §4).
 * Free shipping needs no call; otherwise our server quotes (the carrier, or its estimate); if the
 * server cannot be reached, the same estimate is computed here and the failure only logged.
 */
export function useShippingQuote(
  items: CartItem[],
  pincode: string,
  mode: PaymentMode,
  rules: ShippingRules,
): { quote: QuoteState; requote: () => void } {
  const subtotal = cartSubtotal(items);
  const weight = cartWeight(items);
  const linesKey = JSON.stringify(toOrderLines(items));
  const idle: QuoteState = { status: 'idle', ...orderTotals(subtotal, 0, mode, rules) };
  const [quote, setQuote] = useState<QuoteState>(idle);
  const latest = useRef(0);
  // Asking again for the same cart, pincode and mode (the server said the total changed).
  const [asked, setAsked] = useState(0);
  // ...which goes to the server even for a free-shipping cart: its prices may have changed.
  const fromServer = useRef(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: linesKey stands for the cart lines
  useEffect(() => {
    const request = ++latest.current;
    const force = fromServer.current;
    fromServer.current = false;
    if (pincode.length !== 6 || linesKey === '[]') {
      setQuote({ status: 'idle', ...orderTotals(subtotal, 0, mode, rules) });
      return;
    }
    if (!force && qualifiesForFreeShipping(subtotal, rules)) {
      setQuote({ status: 'ready', source: 'free', ...orderTotals(subtotal, 0, mode, rules) });
      return;
    }
    setQuote({ status: 'calculating' });
    void (async () => {
      const result = await quoteShipping({ lines: JSON.parse(linesKey), pincode, paymentMode: mode });
      if (request !== latest.current) return; // a newer pincode or mode has been asked for
      if (result.ok) {
        const { shippingCharge, codCharge, total, source } = result.data;
        setQuote({ status: 'ready', subtotal: result.data.subtotal, shippingCharge, codCharge, total, source });
        return;
      }
      console.warn('Shipping quote failed; showing our own estimate:', result.message);
      const local = await decideShipping({ subtotal, weight }, async () => undefined, rules);
      if (request !== latest.current) return;
      setQuote({
        status: 'ready',
        source: 'local',
        ...orderTotals(subtotal, local.shippingCharge, mode, rules),
      });
    })();
  }, [pincode, mode, linesKey, subtotal, weight, rules.freeShippingThreshold, rules.codCharge, asked]);

  const requote = () => {
    fromServer.current = true;
    setAsked((count) => count + 1);
  };
  return { quote, requote };
}
