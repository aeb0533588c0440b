// This folder's public face: only the names used outside it. Anything outside the folder imports
// through here (docs/architecture.md, "The shop core's folders"). Written by
// scripts/codemods/shop-folders.mjs: run it again when what others use changes.

export type { Customer, OrderLine, OrderRecord, OrderTotals, PricedCart, PricedLine } from './order.ts';
export {
  buildOrderRecord,
  createOrderId,
  ORDER_ID_PATTERN,
  orderFingerprint,
  orderTotals,
  priceLines,
} from './order.ts';
export type {
  Cancellation,
  CancelStep,
  EmailUndeliverable,
  ForwardKind,
  ForwardState,
  NoticeState,
  OrderEmailEvent,
  OrderEvent,
  PaidVia,
  StoredOrder,
} from './order-record.ts';
export {
  canMove,
  FORWARD_KINDS,
  forwardOf,
  noticeOpen,
  payableNow,
  paysFirst,
  shipmentReference,
} from './order-record.ts';
export type { IssuedRefund, RefundCheck } from './refunds.ts';
export { CASH_PAYMENT, canMoveRefund, checkRefund, mergeRefund, refundKey, refundsSummary } from './refunds.ts';
export { ordersTabOf, yearTab } from './sheet-tab.ts';
export type { PaymentMode, ShippingRules, ShippingSource } from './shipping.ts';
export {
  DEFAULT_SHIPPING_RULES,
  decideShipping,
  fallbackShippingEstimate,
  PAYMENT_MODES,
  qualifiesForFreeShipping,
} from './shipping.ts';
