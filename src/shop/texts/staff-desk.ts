/** The development staff desk (/dev/staff, src/features/staff-desk). Interface words, not quoted in docs/shop-rules.md. */
export const staffDesk = {
  staffDeskDevelopment: 'Staff desk (development)',
  eachButtonDoesWhat:
    "Each button does what the Sheet's Action column does, through the same signed endpoint. This page and its function exist only in development.",
  loadingTheOrders: 'Loading the orders…',
  noOrdersYetPlace: 'No orders yet: place one first.',
  orders: 'Orders',
  order: 'Order',
  status: 'Status',
  total: 'Total',
  mode: 'Mode',
  payment: 'Payment',
  refunded: 'Refunded',
  actions: 'Actions',
  refund: 'Refund ₹',
  refund2: 'Refund',
  /** The actions' buttons, and a prepaid order's mode. */
  cancel: 'Cancel',
  refundExtraPayment: 'Refund extra payment',
  codReceived: 'COD received',
  confirmCod: 'Confirm COD',
  bookAgain: 'Book again',
  prepaid: 'Prepaid',
} as const;
