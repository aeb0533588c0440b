// This folder's public face: only the names used outside it. Anything outside the folder imports
// through here (docs/architecture.md, "The shop core's folders"). Written by
// scripts/codemods/shop-folders.mjs: run it again when what others use changes.

export type { DevWhatsAppChat, DevWhatsAppOutbox, DevWhatsAppRequest } from './dev-whatsapp-schemas.ts';
export {
  devWhatsAppOutboxSchema,
  devWhatsAppRequestSchema,
  devWhatsAppResponseSchema,
} from './dev-whatsapp-schemas.ts';
export type { CheckoutForm, ContactForm, ReviewForm } from './form-schemas.ts';
export {
  checkoutFormError,
  checkoutFormSchema,
  contactFormSchema,
  honeypot,
  phoneSchema,
  pincodeSchema,
  reviewFormSchema,
  submissionIdSchema,
  text,
  wholeNumber,
} from './form-schemas.ts';
export type {
  CodOptionsRequest,
  CodOptionsResponse,
  CodOrderRequest,
  CreatePaymentOrderRequest,
  CreatePaymentOrderResponse,
  OrderResponse,
  PincodeCheckResponse,
  PrepaidOrderRequest,
  ShippingQuoteRequest,
  ShippingQuoteResponse,
  VerifyPaymentRequest,
} from './order-schemas.ts';
export {
  codOptionsRequestSchema,
  codOptionsResponseSchema,
  codOrderRequestSchema,
  createPaymentOrderRequestSchema,
  createPaymentOrderResponseSchema,
  localGatewayPayRequestSchema,
  localGatewayPayResponseSchema,
  ORDER_STATUSES,
  orderIdSchema,
  orderLineSchema,
  orderLinesSchema,
  orderResponseSchema,
  paymentModeSchema,
  pincodeCheckResponseSchema,
  prepaidOrderRequestSchema,
  shippingQuoteRequestSchema,
  shippingQuoteResponseSchema,
  verifyPaymentRequestSchema,
  verifyPaymentResponseSchema,
} from './order-schemas.ts';
export type { CancelRequest, CancelResponse, OrderView, TrackRequest, TrackView } from './order-view-schemas.ts';
export {
  cancelRequestSchema,
  cancelResponseSchema,
  orderKeySchema,
  orderViewSchema,
  trackRequestSchema,
  trackViewSchema,
} from './order-view-schemas.ts';
export { errorEnvelopeSchema } from './schemas.ts';
export type {
  DevStaffOrders,
  DevStaffRequest,
  StaffAction,
  StaffActionRequest,
  StaffActionResponse,
} from './staff-schemas.ts';
export {
  devStaffOrdersSchema,
  devStaffRequestSchema,
  STAFF_ACTIONS,
  staffActionRequestSchema,
  staffActionResponseSchema,
} from './staff-schemas.ts';
export type {
  ContactSubmission,
  PublicReview,
  ReviewSubmission,
  ReviewSummariesResponse,
  ReviewsResponse,
  SubmissionAccepted,
} from './submission-schemas.ts';
export {
  contactSubmissionSchema,
  publicReviewSchema,
  reviewSubmissionSchema,
  reviewSummariesResponseSchema,
  reviewsResponseSchema,
  submissionAcceptedSchema,
} from './submission-schemas.ts';
