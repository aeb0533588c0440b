import type { Config } from '@netlify/functions';
import { createDeps } from '../lib/orders/deps.ts';
import { reconcile } from '../lib/orders/reconcile.ts';
import { endpoint } from '../lib/platform/http.ts';

/** Every 15 minutes: settle unpaid prepaid orders with Razorpay and retry failed forwards. */
export default endpoint(async function reconcileOrders(): Promise<Response> {
  const report = await reconcile(createDeps());
  console.log('reconcile-orders', JSON.stringify(report));
  return Response.json(report);
});

export const config: Config = { schedule: '*/15 * * * *' };
