/** Staff actions from the Sheet (docs/shop-rules.md §8, §10 rule 15). Quoted word for word in docs/shop-rules.md §8 (src/shop/texts/shop-rules.test.ts): change both together. */
/**
 * What POST /api/staff/action answers staff: the Apps Script writes it into the order's Status
 * cell (netlify/lib/orders/staff-actions.ts). Staff read these, never a shopper.
 */
export const staff = {
  /** 401 `STAFF_SIGNATURE_INVALID`: no `X-Shop-Signature`, a malformed one, or one made with another secret. */
  badSignature: "This staff request is not signed with the shop's staff action secret (STAFF_ACTION_SECRET).",
  /** 401 `STAFF_REQUEST_STALE`: `at` more than 5 minutes from the shop's clock, either way. */
  stale: 'This staff request is more than 5 minutes old, or from the future. Pick the action again.',
  /** 409 `STAFF_REQUEST_REPLAYED`: its single-use id was seen before; nothing was done again. */
  replayed: 'This staff request was received before, so nothing was done again. Pick the action again to repeat it.',
  /** 503 `NOT_CONFIGURED`: production without STAFF_ACTION_SECRET. */
  notConfigured: 'Staff actions cannot be taken here: the site has no staff action secret (STAFF_ACTION_SECRET).',
  /** 404 `NOT_FOUND`. */
  unknownOrder: 'There is no order {orderId}.',
  /** 409 `TOO_LATE_TO_CANCEL`. */
  tooLate:
    'Not cancelled: the parcel has left with Delhivery. The shopper can refuse it at the door, or ask for a return.',
  /** 409 `NOT_CANCELLABLE`: unpaid or expired. */
  notPlaced: 'Not cancelled: this order was never placed (unpaid or expired).',
  /** 422 `VALIDATION_FAILED`: `Refund` without a whole number of rupees. */
  badAmount: 'Not refunded: write the amount in whole rupees, e.g. Refund ₹250.',
  /** 409 `STAFF_ACTION_REFUSED`. */
  notPaid: 'Not refunded: this order has not been paid.',
  moreThanLeft: 'Not refunded: {amount} is more than the {left} left to refund on this order.',
  nothingLeft: 'Not refunded: everything paid for this order has been refunded already.',
  codNotCollected:
    'Not refunded: this Cash on Delivery order has not been paid yet, so there is nothing to refund. Cancel it instead, or pick COD received once its cash has arrived.',
  /** 200: Razorpay took the refund (pending or processed). */
  refundMade: 'Refund of {amount} made ({refundId}); it reaches the shopper within 5–7 working days.',
  /** 200: recorded, Razorpay did not answer: the reconciler asks again with the same key. */
  refundQueued:
    'Refund of {amount} recorded ({key}); Razorpay did not answer, so the shop asks again within 15 minutes.',
  /** 200: Razorpay refused it; the order becomes Needs attention. */
  refundRefused: 'Refund of {amount} refused by Razorpay: {reason}',
  /** 200: a COD order's money went back by hand (staff's transfer): recorded as refunded. */
  refundManual:
    '{amount} recorded as refunded by hand (UPI or bank transfer): Razorpay cannot refund cash. Pick Refund only once your transfer is made, and write to the shopper.',
  /** 409 `STAFF_ACTION_REFUSED`: no extra payment on the order (or refunded already). */
  noExtraPayment: 'Nothing to refund: this order has no extra payment.',
  /** 200: each extra payment refunded in full, e.g. `₹784 of pay_X: rfnd_Y`. */
  extraRefunded: 'Extra payment refunded: {payments}',
  /** 200. */
  codReceived: 'COD received: the cash is recorded on the order.',
  /** 409 `STAFF_ACTION_REFUSED`. */
  notCod: 'Not recorded: this order was paid online, not by Cash on Delivery.',
  /** 409 `STAFF_ACTION_REFUSED`: the cash comes with the delivery, and the parcel is not delivered (its Status now). */
  codNotDelivered:
    'Not recorded: this Cash on Delivery order has not been delivered (now: {status}), so no cash has been collected. Pick COD received once Delhivery has delivered it.',
  /** 200: booked again, its new waybill (the row's Label link prints it). */
  booked: "Booked again: waybill {waybill}. Print its label from this row's Label link.",
  /** 200: another worker is booking it this moment (or the new booking is under way). */
  booking: 'Being booked with Delhivery right now: its waybill will show in this row.',
  /** 200: the new round of tries has begun and Delhivery has not booked it yet. */
  notBookedYet: 'Not booked yet: Delhivery said "{reason}". The shop tries again within 15 minutes, for a day.',
  /** 409 `STAFF_ACTION_REFUSED`: the current parcel is neither unbooked, returned nor lost. */
  alreadyBooked:
    'Not booked again: parcel {waybill} is booked (now: {state}). Book again only once a booking failed, or the parcel was returned or lost.',
  /** 409 `STAFF_ACTION_REFUSED`. */
  bookCancelled: 'Not booked: this order is cancelled.',
  /** 409 `STAFF_ACTION_REFUSED`. */
  bookNotPlaced: 'Not booked: this order was never placed (unpaid or expired).',
  /** 200: a COD order confirmed by staff (after a call, rule 17); it is booked now. */
  codConfirmed: 'Confirmed by staff; now: {status}.',
  /** 200: it was confirmed before (by the shopper, or an earlier pick). */
  codAlreadyConfirmed: 'Already confirmed: nothing was done again.',
  /** 409 `STAFF_ACTION_REFUSED`: a prepaid order, or one placed before confirmation was asked. */
  codNothingToConfirm: 'Not confirmed: this order is not waiting for a confirmation.',
  /** 409 `STAFF_ACTION_REFUSED`. */
  codCancelled: 'Not confirmed: this order is cancelled.',
  /** 500 `INTERNAL_ERROR`. */
  failed: 'The staff action could not be done right now. Pick it again in a moment.',
} as const;
