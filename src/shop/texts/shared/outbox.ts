/**
 * The banner every page shows while an order waits on this device to reach the shop
 * (src/features/checkout/OutboxNotices.tsx, rendered by the root): interface words, in the shared
 * set because every page can show them.
 */
export const outbox = {
  /** The orders still on this device, one or several: the sentence before the cart's link. */
  pending: ({ orders }: { orders: readonly string[] }) =>
    orders.length === 1
      ? `Order ${orders[0]} has not reached us yet. It is saved on this device and will be sent automatically when your connection returns. `
      : `Orders ${orders.join(', ')} have not reached us yet. They are saved on this device and will be sent automatically when your connection returns. `,
  yourCart: 'Your cart',
  keptUntilThen: ' is kept until then.',
  /** The toasts when a waiting order is answered (OutboxNotices). */
  placed: 'Order {orderId} placed',
  payOnDelivery: 'Pay {amount} on delivery.',
  notPlaced: 'Order {orderId} was not placed',
  backInCart: '{message} Its items are back in your cart.',
} as const;
