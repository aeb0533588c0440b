/**
 * Which GST rate an invoice line takes: the rate in force on the invoice's date for the longest HSN
 * the Studio lists that the product's HSN starts with (docs/shop-rules.md §12). Ghee (0405) was
 * 12 % until 21 September 2025 and 5 % from the 22nd: an invoice of the 21st re-rendered today
 * still says 12 %.
 */
import type { TaxRate } from '../invoice/index.ts';

/** Digits only: "0713 33 00" and "07133300" are one HSN. */
export const hsnDigits = (hsn: string) => hsn.replace(/\D/g, '');

/** The rate for `hsn` on `date` (YYYY-MM-DD, India), or undefined when the Studio lists none. */
export function rateFor(hsn: string, date: string, rates: readonly TaxRate[]): TaxRate | undefined {
  const digits = hsnDigits(hsn);
  let best: TaxRate | undefined;
  for (const rate of rates) {
    const listed = hsnDigits(rate.hsn);
    if (listed.length < 4 || !digits.startsWith(listed) || rate.validFrom > date) continue;
    const longer = !best || listed.length > hsnDigits(best.hsn).length;
    const sameHsnLater = best && listed.length === hsnDigits(best.hsn).length && rate.validFrom > best.validFrom;
    if (longer || sameHsnLater) best = rate;
  }
  return best;
}

/** A rate as basis points (5 % → 500), so the tax arithmetic stays in whole numbers. */
export const basisPoints = (rate: number) => Math.round(rate * 100);
