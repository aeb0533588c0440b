// Content edits reach the site: a Sanity webhook calls a Netlify build hook whenever a document is
// published (created, changed or deleted; drafts never), and Netlify rebuilds and prerenders every
// page from the new content.
//
//   SANITY_PROJECT_ID=… SANITY_DATASET=production SANITY_MANAGE_TOKEN=… \
//   NETLIFY_BUILD_HOOK_URL=https://api.netlify.com/build_hooks/… node scripts/sanity-build-hook.mjs
//
// Safe to run again: it finds the webhook by name and only creates it (or points it at a new build
// hook URL) when needed. See docs/deploy.md for the manual steps it replaces.

export const SANITY_API = 'https://api.sanity.io/v2021-10-04';
export const WEBHOOK_NAME = 'Rebuild the shop on Netlify';

/**
 * The webhook Sanity keeps: every published change to a content document (not Sanity's own system
 * or asset documents), delivered as a small POST; the build hook ignores the body.
 * @param {{ dataset: string, buildHookUrl: string }} options
 */
export function webhookDefinition({ dataset, buildHookUrl }) {
  const url = new URL(buildHookUrl);
  url.searchParams.set('trigger_title', 'Content published in Sanity');
  return {
    type: 'document',
    name: WEBHOOK_NAME,
    description: 'Rebuilds the prerendered site when content is published (scripts/sanity-build-hook.mjs).',
    url: url.href,
    dataset,
    apiVersion: 'v2021-03-25',
    httpMethod: 'POST',
    includeDrafts: false,
    headers: {},
    rule: {
      on: ['create', 'update', 'delete'],
      filter: '!(_type match "system.*") && !(_type match "sanity.*")',
      projection: '{_id, _type}',
    },
  };
}

/**
 * @param {{ projectId: string, dataset: string, token: string, buildHookUrl: string }} options
 * @param {typeof fetch} [fetchImpl]
 * @returns {Promise<{ action: 'created' | 'updated' | 'unchanged', id: string }>}
 */
export async function ensureBuildHook({ projectId, dataset, token, buildHookUrl }, fetchImpl = fetch) {
  const base = `${SANITY_API}/hooks/projects/${encodeURIComponent(projectId)}`;
  const headers = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
  const call = async (/** @type {string} */ url, /** @type {RequestInit} */ init = {}) => {
    const response = await fetchImpl(url, { ...init, headers });
    const body = await response.text();
    if (!response.ok)
      throw new Error(`Sanity answered HTTP ${response.status} to ${init.method ?? 'GET'} ${url}: ${body}`);
    return JSON.parse(body);
  };
  const wanted = webhookDefinition({ dataset, buildHookUrl });
  /** @type {{ id: string, name: string, url: string, dataset: string }[]} */
  const existing = await call(base);
  const found = existing.find((hook) => hook.name === WEBHOOK_NAME && hook.dataset === dataset);
  if (found && found.url === wanted.url) return { action: 'unchanged', id: found.id };
  if (found) {
    const updated = await call(`${base}/${encodeURIComponent(found.id)}`, {
      method: 'PATCH',
      body: JSON.stringify(wanted),
    });
    return { action: 'updated', id: updated.id ?? found.id };
  }
  const created = await call(base, { method: 'POST', body: JSON.stringify(wanted) });
  return { action: 'created', id: created.id };
}

/** @param {Record<string, string | undefined>} env */
export function readOptions(env) {
  const names = ['SANITY_PROJECT_ID', 'SANITY_DATASET', 'SANITY_MANAGE_TOKEN', 'NETLIFY_BUILD_HOOK_URL'];
  const missing = names.filter((name) => !env[name]?.trim());
  if (missing.length > 0) throw new Error(`Set ${missing.join(', ')} (see docs/deploy.md).`);
  const buildHookUrl = String(env.NETLIFY_BUILD_HOOK_URL);
  if (!/^https:\/\/api\.netlify\.com\/build_hooks\/[\w-]+$/.test(buildHookUrl)) {
    throw new Error('NETLIFY_BUILD_HOOK_URL should look like https://api.netlify.com/build_hooks/<id>.');
  }
  return {
    projectId: String(env.SANITY_PROJECT_ID),
    dataset: String(env.SANITY_DATASET),
    token: String(env.SANITY_MANAGE_TOKEN),
    buildHookUrl,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    const { action, id } = await ensureBuildHook(readOptions(process.env));
    console.log(`Sanity webhook "${WEBHOOK_NAME}" ${action} (id ${id}).`);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  }
}
