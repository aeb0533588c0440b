/** /track (src/features/orders/TrackOrder.tsx): interface words, not quoted in shop-rules. */
export const track = {
  submit: 'Track order',
  submitting: 'Looking up...',
  unreachable: 'We could not reach our server. Please check your connection and try again.',
  findYourOrder: 'Find your order',
  orderId: 'Order ID',
  ouo1234567890123: 'OUO_1234567890123',
  phoneNumberUsedAt: 'Phone number used at checkout',
  order: 'Order',
  placed: 'Placed',
  deliveringTo: '· Delivering to',
  trackYourOrder: 'Track your order',
  enterTheOrderId:
    'Enter the order ID you were given at checkout (it starts with OUO_) and the phone number you ordered with.',
  /** The /track route's description. */
  headDescription:
    'Follow your order from the Himalayas to your door: enter your order ID and the phone number you ordered with.',
} as const;
