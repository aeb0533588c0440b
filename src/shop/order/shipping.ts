/** The shop's money rules for delivery; editors can change the two amounts in shop settings. */
export interface ShippingRules {
  freeShippingThreshold: number;
  codCharge: number;
}

export const DEFAULT_SHIPPING_RULES: ShippingRules = {
  freeShippingThreshold: 1000,
  codCharge: 150,
};

/** Fallback estimate when the carrier cannot quote: round(kg × 50 + 40). */
const FALLBACK_PER_KG = 50;
const FALLBACK_BASE = 40;

export const PAYMENT_MODES = ['prepaid', 'cod'] as const;
export type PaymentMode = (typeof PAYMENT_MODES)[number];

export function codChargeFor(mode: PaymentMode, rules: ShippingRules = DEFAULT_SHIPPING_RULES): number {
  return mode === 'cod' ? rules.codCharge : 0;
}

export function qualifiesForFreeShipping(subtotal: number, rules: ShippingRules = DEFAULT_SHIPPING_RULES): boolean {
  return subtotal >= rules.freeShippingThreshold;
}

export function fallbackShippingEstimate(weightGrams: number): number {
  return Math.round((weightGrams / 1000) * FALLBACK_PER_KG + FALLBACK_BASE);
}

/** How a shipping charge was arrived at, so the shopper and the logs can tell an estimate apart. */
export type ShippingSource = 'free' | 'carrier' | 'estimate';

export interface ShippingCharge {
  shippingCharge: number;
  source: ShippingSource;
}

/**
 * Decides the shipping charge. `carrierRate` is only consulted below the free threshold and may
 * fail (undefined or a rejected promise): then the fallback estimate is used.
 */
export async function decideShipping(
  input: { subtotal: number; weight: number },
  carrierRate: () => Promise<number | undefined>,
  rules: ShippingRules = DEFAULT_SHIPPING_RULES,
): Promise<ShippingCharge> {
  if (qualifiesForFreeShipping(input.subtotal, rules)) return { shippingCharge: 0, source: 'free' };
  const rate = await carrierRate().catch(() => undefined);
  if (rate !== undefined && Number.isFinite(rate) && rate >= 0) {
    return { shippingCharge: Math.round(rate), source: 'carrier' };
  }
  return { shippingCharge: fallbackShippingEstimate(input.weight), source: 'estimate' };
}
