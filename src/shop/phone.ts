/**
 * The one phone rule (docs/shop-rules.md §5, issue 37 §5), for checkout, /track and every later
 * match of a shopper by phone: an Indian mobile number. Indian shoppers type `+91`, `91` or a
 * leading `0`, and spaces, dashes, dots or brackets between the digits; what remains must be 10
 * digits starting 6–9. The answer is those 10 digits (what is stored), or undefined. Letters make
 * it no number at all ("call 98765 43210 pls").
 */
export function indianMobile(typed: string): string | undefined {
  if (!/^\+?[\d\s().-]+$/.test(typed)) return undefined;
  const digits = typed.replace(/\D/g, '');
  const national =
    digits.length === 12 && digits.startsWith('91')
      ? digits.slice(2)
      : digits.length === 11 && digits.startsWith('0')
        ? digits.slice(1)
        : digits;
  return /^[6-9]\d{9}$/.test(national) ? national : undefined;
}
