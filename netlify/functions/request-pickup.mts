import type { Config } from '@netlify/functions';
import { createPickupDeps } from '../lib/pickups/deps.ts';
import { requestDailyPickup } from '../lib/pickups/service.ts';
import { endpoint } from '../lib/platform/http.ts';

/**
 * Every 30 minutes: once the day's cut-off has passed, asks Delhivery once for a pickup of the
 * parcels waiting (docs/shop-rules.md §10); a failed request is retried at the one back-off by a later run that day.
 */
export default endpoint(async function requestPickup(): Promise<Response> {
  const report = await requestDailyPickup(createPickupDeps());
  if (report.action === 'failed') console.error('request-pickup', JSON.stringify(report));
  else console.log('request-pickup', JSON.stringify(report));
  return Response.json(report);
});

export const config: Config = { schedule: '*/30 * * * *' };
