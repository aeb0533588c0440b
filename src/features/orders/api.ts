/** The order pages' calls to our own functions, through the shared API client (answers parsed, never cast). */
import { callApi } from '../../lib/api/index.ts';
import type { CancelRequest, TrackRequest } from '../../shop/schemas/index.ts';

/** GET /api/orders/:orderId?key=: the whole order, for the page its key opens. */
export const fetchOrder = (orderId: string, key: string) =>
  callApi(`/api/orders/${encodeURIComponent(orderId)}?key=${encodeURIComponent(key)}`, {
    response: (schemas) => schemas.orderViewSchema,
  });

/** POST /api/track: the order with the address masked, when the id and the phone match. */
export const trackOrder = (request: TrackRequest) =>
  callApi('/api/track', { body: request, response: (schemas) => schemas.trackViewSchema });

/** POST /api/orders/:orderId/cancel: the shopper cancels, proven by the order's key. */
export const cancelOrder = (orderId: string, request: CancelRequest) =>
  callApi(`/api/orders/${encodeURIComponent(orderId)}/cancel`, {
    body: request,
    response: (schemas) => schemas.cancelResponseSchema,
  });
