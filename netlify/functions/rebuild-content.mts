import type { Config } from '@netlify/functions';
import { buildHookTrigger, rebuildIfDue } from '../lib/content/rebuild.ts';
import { database } from '../lib/platform/database.ts';
import { readServerEnv } from '../lib/platform/env.ts';
import { endpoint } from '../lib/platform/http.ts';
import { versionedRows } from '../lib/platform/versioned-rows.ts';

/** Every minute: one Netlify build for the publishes noted since the last, once publishing is quiet. */
export default endpoint(async function rebuildContent(): Promise<Response> {
  const hook = readServerEnv().NETLIFY_BUILD_HOOK_URL;
  const outcome = await rebuildIfDue(
    versionedRows(database(), 'site_state'),
    hook ? buildHookTrigger(hook) : undefined,
  );
  if (outcome.action === 'failed' || outcome.action === 'not configured')
    console.error('rebuild-content', JSON.stringify(outcome));
  else console.log('rebuild-content', JSON.stringify(outcome));
  return Response.json(outcome);
});

export const config: Config = { schedule: '* * * * *' };
