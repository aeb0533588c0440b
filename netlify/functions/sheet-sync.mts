import type { Config } from '@netlify/functions';
import { createDeps } from '../lib/orders/deps.ts';
import { flushSheet } from '../lib/orders/sheet-kind.ts';
import { endpoint } from '../lib/platform/http.ts';

/**
 * Every minute: the Orders rows that changed since the last batch, one call per tab to the staff's
 * Sheet (netlify/lib/orders/sheet-kind.ts; docs/shop-rules.md §11). A request's own batch may have
 * written them already; the gate makes the two one call a minute.
 */
export default endpoint(async function sheetSync(): Promise<Response> {
  await flushSheet(createDeps());
  return Response.json({ ok: true });
});

export const config: Config = { schedule: '* * * * *' };
