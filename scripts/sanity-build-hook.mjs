// Content edits reach the site: a Sanity webhook tells the site's /api/content-published whenever a
// document is published (created, changed or deleted; drafts never), signed with a shared secret.
// The site asks Netlify's build hook for one build per burst of publishes
// (netlify/lib/content/rebuild.ts), and Netlify rebuilds and prerenders every page.
//
//   SANITY_PROJECT_ID=… SANITY_DATASET=production SANITY_MANAGE_TOKEN=… \
//   SITE_URL=https://orangutanorganics.in SANITY_WEBHOOK_SECRET=… node scripts/sanity-build-hook.mjs
//
// Safe to run again: it finds the webhook by name, creates it when there is none and otherwise
// sets its address and secret again (Sanity never shows a secret back, so it cannot be compared).
// See docs/deploy.md for the manual steps it replaces.

export const SANITY_API = 'https://api.sanity.io/v2021-10-04';
export const WEBHOOK_NAME = 'Rebuild the shop on Netlify';

/** Where the site takes the webhook (netlify/functions/content-published.mts). */
export const WEBHOOK_PATH = '/api/content-published';

/**
 * The webhook Sanity keeps: every published change to a content document (not Sanity's own system
 * or asset documents), delivered as a small signed POST naming the document.
 * @param {{ dataset: string, siteUrl: string, secret: string }} options
 */
export function webhookDefinition({ dataset, siteUrl, secret }) {
  const url = new URL(WEBHOOK_PATH, siteUrl);
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
    secret,
    rule: {
      on: ['create', 'update', 'delete'],
      filter: '!(_type match "system.*") && !(_type match "sanity.*")',
      projection: '{_id, _type}',
    },
  };
}

/**
 * @param {{ projectId: string, dataset: string, token: string, siteUrl: string, secret: string }} options
 * @param {typeof fetch} [fetchImpl]
 * @returns {Promise<{ action: 'created' | 'updated', id: string }>}
 */
export async function ensureBuildHook({ projectId, dataset, token, siteUrl, secret }, fetchImpl = fetch) {
  const base = `${SANITY_API}/hooks/projects/${encodeURIComponent(projectId)}`;
  const headers = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
  const call = async (/** @type {string} */ url, /** @type {RequestInit} */ init = {}) => {
    const response = await fetchImpl(url, { ...init, headers });
    const body = await response.text();
    if (!response.ok)
      throw new Error(`Sanity answered HTTP ${response.status} to ${init.method ?? 'GET'} ${url}: ${body}`);
    return JSON.parse(body);
  };
  const wanted = webhookDefinition({ dataset, siteUrl, secret });
  /** @type {{ id: string, name: string, url: string, dataset: string }[]} */
  const existing = await call(base);
  const found = existing.find((hook) => hook.name === WEBHOOK_NAME && hook.dataset === dataset);
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
  const names = ['SANITY_PROJECT_ID', 'SANITY_DATASET', 'SANITY_MANAGE_TOKEN', 'SITE_URL', 'SANITY_WEBHOOK_SECRET'];
  const missing = names.filter((name) => !env[name]?.trim());
  if (missing.length > 0) throw new Error(`Set ${missing.join(', ')} (see docs/deploy.md).`);
  const siteUrl = String(env.SITE_URL);
  if (!/^https:\/\/[^/]+\/?$/.test(siteUrl)) {
    throw new Error("SITE_URL should be the site's own https address, like https://orangutanorganics.in.");
  }
  const secret = String(env.SANITY_WEBHOOK_SECRET);
  if (secret.length < 24) throw new Error('SANITY_WEBHOOK_SECRET should be at least 24 random characters.');
  return {
    projectId: String(env.SANITY_PROJECT_ID),
    dataset: String(env.SANITY_DATASET),
    token: String(env.SANITY_MANAGE_TOKEN),
    siteUrl,
    secret,
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
