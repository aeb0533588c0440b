/** Rupee amounts are whole rupees (GST included); Razorpay wants paise. */

/**
 * "₹1,067", "₹1,23,456" — Indian digit grouping (the last three digits, then pairs), no decimals
 * (every price is whole rupees; a fraction is rounded). Written out rather than `Intl.NumberFormat`:
 * /cart's early script draws prices before the first paint (decision 028), and making a formatter
 * costs a slow phone 60–90 ms there. The tests hold it to Intl's 'en-IN' output.
 */
export function formatRupees(amount: number): string {
  const whole = Math.round(Math.abs(amount));
  if (!Number.isFinite(whole)) return `₹${amount}`;
  const digits = String(whole);
  const head = digits.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ',');
  return `₹${amount < 0 ? '-' : ''}${head ? `${head},` : ''}${digits.slice(-3)}`;
}

// `@__PURE__`: a bundle that imports this module but formats no paise (the early script every page
// runs first, decision 028) leaves the formatter out. Making one costs a phone 10–20 ms.

const paiseFormat = /* @__PURE__ */ new Intl.NumberFormat('en-IN', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** "₹1,045.00" — an invoice's figures: Indian digit grouping, always with paise. */
export function formatPaise(paise: number): string {
  return `₹${paiseFormat.format(paise / 100)}`;
}

/** Discounted price = round(price × (1 − pct/100)); a discount applies only when pct > 0. */
export function discountedPrice(price: number, discountPercent: number): number {
  if (!(discountPercent > 0)) return price;
  return Math.round(price * (1 - discountPercent / 100));
}

export function toPaise(rupees: number): number {
  return Math.round(rupees * 100);
}
