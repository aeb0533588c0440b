import type { Config, Context } from '@netlify/functions';
import { content } from '../../src/content/content.server.ts';
import { DEFAULT_PICKUP } from '../../src/shop/parcel/index.ts';
import { type PincodeCheckResponse, pincodeSchema } from '../../src/shop/schemas/index.ts';
import { text } from '../../src/shop/texts/server.ts';
import { createDelhivery } from '../lib/delhivery/client.ts';
import { estimateDeliveryDays } from '../lib/delhivery/delivery-days.ts';
import { readServerEnv } from '../lib/platform/env.ts';
import { endpoint, errorResponse, methodNotAllowed } from '../lib/platform/http.ts';

/**
 * 'Check delivery' on the product page: does Delhivery serve this pincode, for which payment
 * modes, and roughly how many days it takes. When Delhivery cannot be asked the shopper still
 * gets the delivery window, with serviceability unknown, rather than an error.
 */
export default endpoint(async function pincode(request: Request, context: Pick<Context, 'params'>): Promise<Response> {
  if (request.method !== 'GET') return methodNotAllowed(['GET']);
  const pin = pincodeSchema.safeParse(context.params.pin ?? '');
  if (!pin.success) return errorResponse(400, 'INVALID_PINCODE', text('forms.pincode'));

  const delhivery = createDelhivery(readServerEnv());
  const [serviceability, originPin] = await Promise.all([delhivery.checkPincode(pin.data), pickupPincode()]);
  const body: PincodeCheckResponse = {
    pincode: pin.data,
    serviceable: serviceability?.serviceable ?? null,
    prepaid: serviceability?.prepaid ?? null,
    cod: serviceability?.cod ?? null,
    // The delivery window is a distance-band estimate until Delhivery's TAT API is wired in.
    estimatedDays: estimateDeliveryDays(originPin, pin.data),
    estimate: !delhivery.configured || serviceability === undefined,
  };
  return Response.json(body);
});

/** The pickup pincode from shop settings; the usual hub when settings cannot be read. */
async function pickupPincode(): Promise<string> {
  try {
    return (await content().settings()).pickup.pincode;
  } catch (error) {
    console.warn('pincode: shop settings unavailable, estimating from the default pickup', error);
    return DEFAULT_PICKUP.pin;
  }
}

export const config: Config = {
  path: '/api/pincode/:pin',
  rateLimit: { windowLimit: 60, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
