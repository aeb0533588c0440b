import type { Config } from '@netlify/functions';
import { createDeps } from '../lib/orders/deps.ts';
import { syncParcels } from '../lib/parcels/sync.ts';
import { endpoint } from '../lib/platform/http.ts';

/**
 * Every 30 minutes: asks Delhivery about every booked parcel whose story has not ended, and stores
 * what changed (docs/shop-rules.md §4 "Parcel"). What it deferred (its budget spent, or the
 * carrier down) is in its report; the next run starts with the oldest.
 */
export default endpoint(async function syncParcelsFunction(): Promise<Response> {
  const report = await syncParcels(createDeps());
  console.log('sync-parcels', JSON.stringify(report));
  return Response.json(report);
});

export const config: Config = { schedule: '*/30 * * * *' };
