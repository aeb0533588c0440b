/** Staff's label links (docs/shop-rules.md §8, §11): staff read these, never a shopper. Quoted word for word in docs/shop-rules.md §8 (src/shop/texts/shop-rules.test.ts): change both together. */
/** GET /api/label/:orderId, the Sheet's `Label` link to a parcel's label (staff, not shoppers). */
export const label = {
  /** Missing, malformed or tampered (403 `LABEL_LINK_INVALID`). */
  invalidLink: 'This label link is not valid. Open the Label link in the Orders sheet again.',
  /** Signed by the shop, past its 30 days (403 `LABEL_LINK_EXPIRED`; LABEL_LINK_DAYS). */
  expiredLink:
    "This label link has expired (a link lasts 30 days). Use the order's newest link in the Orders sheet, or print the label from Delhivery's dashboard.",
  /** An order without a waybill (404 `NOT_FOUND`). */
  notBooked:
    'This order has no booked parcel yet, so it has no label. Its Label link appears in the Orders sheet once the shop has booked it.',
  /** Production without LABEL_LINK_SECRET (503 `NOT_CONFIGURED`). */
  notConfigured: 'Labels cannot be opened here: the site has no label link secret (LABEL_LINK_SECRET).',
  /** Printed on the shop's own label when Delhivery's packing slip was wanted but not had. */
  slipUnavailable: "Delhivery's slip could not be fetched; this label is drawn by the shop",
  /** An unforeseen failure (500 `INTERNAL_ERROR`). */
  failed: 'The label could not be shown right now. Please try again in a moment.',
} as const;
