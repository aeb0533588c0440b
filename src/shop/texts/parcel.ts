/** The parcel after booking (docs/shop-rules.md §4 "Parcel", §8). Quoted word for word in docs/shop-rules.md §8 (src/shop/texts/shop-rules.test.ts): change both together. */
/**
 * The parcel's states as the order page and /track show them (src/shop/parcel/tracking.ts), and the
 * emails that tell the shopper (netlify/lib/notify). `booked` is the timeline's own "Handed to
 * Delhivery" step, so it has no title here.
 */
export const parcel = {
  title: {
    booked: 'Handed to Delhivery',
    'picked-up': 'Picked up by Delhivery',
    'in-transit': 'On its way',
    'out-for-delivery': 'Out for delivery',
    'delivery-failed': 'Delivery attempt failed',
    delivered: 'Delivered',
    returning: 'Coming back to us',
    returned: 'Returned to us',
    lost: 'Lost or damaged in transit',
    cancelled: 'Shipment cancelled',
  },
  /** Out for delivery, cash on delivery: `total` as the shopper reads it. */
  keepCashReady: 'Please keep {total} ready for the courier.',
  /** `reason` is the courier's own words. */
  failedDetail:
    'The courier said: {reason}. Delhivery usually tries again the next working day. To change the address or the day, message us on WhatsApp.',
  detail: {
    returning:
      'The courier could not deliver the parcel and is bringing it back to us. We will write to you about a new delivery or a refund.',
    returned: 'The parcel is back with us. We will write to you about a new delivery or a refund.',
    lost: 'Delhivery reports the parcel lost or damaged. We are on it and will write to you within a working day.',
    cancelled: 'The courier booking was cancelled.',
  },
} as const;
