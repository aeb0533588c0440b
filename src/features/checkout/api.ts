/** The checkout's calls to our own functions, through the shared API client (answers parsed, never cast). */
import { callApi } from '../../lib/api/index.ts';
import type {
  CodOptionsRequest,
  CodOrderRequest,
  CreatePaymentOrderRequest,
  PrepaidOrderRequest,
  ShippingQuoteRequest,
  VerifyPaymentRequest,
} from '../../shop/schemas/index.ts';

export const quoteShipping = (request: ShippingQuoteRequest) =>
  callApi('/api/delhivery/calculate-shipping', {
    body: request,
    response: (schemas) => schemas.shippingQuoteResponseSchema,
    timeoutMs: 10_000,
  });

/** The COD rules' outcome for what the shopper typed (docs/shop-rules.md §10 rule 17). */
export const codOptions = (request: CodOptionsRequest) =>
  callApi('/api/checkout/cod-options', { body: request, response: (schemas) => schemas.codOptionsResponseSchema });

export const placeCodOrder = (request: CodOrderRequest) =>
  callApi('/api/checkout/process-cod', { body: request, response: (schemas) => schemas.orderResponseSchema });

export const createPaymentOrder = (request: CreatePaymentOrderRequest) =>
  callApi('/api/razorpay/create-order', {
    body: request,
    response: (schemas) => schemas.createPaymentOrderResponseSchema,
  });

export const verifyPayment = (request: VerifyPaymentRequest) =>
  callApi('/api/razorpay/verify-payment', {
    body: request,
    response: (schemas) => schemas.verifyPaymentResponseSchema,
  });

export const completePrepaidOrder = (request: PrepaidOrderRequest) =>
  callApi('/api/checkout/process-prepaid', { body: request, response: (schemas) => schemas.orderResponseSchema });

export const payWithLocalGateway = (razorpayOrderId: string, outcome: 'success' | 'failure') =>
  callApi('/api/local-gateway/pay', {
    body: { razorpay_order_id: razorpayOrderId, outcome },
    response: (schemas) => schemas.localGatewayPayResponseSchema,
  });
