/** Rupee amounts are whole rupees (GST included); Razorpay wants paise. */

// `@__PURE__`: a bundle that imports this module but formats no money (the early script every page
// runs first, decision 028) leaves the formatters out. Making one costs a phone 10–20 ms.
const rupeeFormat = /* @__PURE__ */ new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });

/** "₹1,067" — Indian digit grouping, no decimals (every price is whole rupees). */
export function formatRupees(amount: number): string {
  return `₹${rupeeFormat.format(amount)}`;
}

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
