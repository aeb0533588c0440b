/** Cancelling on the order's page (src/features/orders/CancelOrder.tsx): interface words, not quoted in shop-rules. */
export const cancelPage = {
  title: 'Cancel this order',
  open: 'Cancel order',
  reason: 'Why are you cancelling?',
  confirm: 'Yes, cancel my order',
  keep: 'Keep my order',
  working: 'Cancelling…',
  cod: 'It is cash on delivery: nothing has been charged, and there is nothing to pay.',
  /** `total` as the shopper reads it. */
  prepaid: 'We will refund {total} to the account you paid from. Refunds usually reach it within 5–7 working days.',
  tooLate:
    'Your parcel is already on its way, so it can no longer be cancelled here. If you no longer want it, you can refuse it at the door, or ask us for a return.',
  returns: 'Our returns policy',
  unreachable: 'We could not reach our server, so nothing was cancelled. Please check your connection and try again.',
} as const;
