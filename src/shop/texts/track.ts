/** /track (src/features/orders/TrackOrder.tsx): interface words, not quoted in shop-rules. */
export const track = {
  submit: 'Track order',
  submitting: 'Looking up...',
  unreachable: 'We could not reach our server. Please check your connection and try again.',
} as const;
