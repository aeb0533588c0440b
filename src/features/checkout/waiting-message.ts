/** Place Order pressed before the total for the pincode is known (docs/shop-rules.md §8). */
export const totalNotReadyMessage = (pincode: string) =>
  `Shipping to ${pincode} is still being calculated. Please press Place Order again once the total shows.`;
