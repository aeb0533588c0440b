/**
 * One rebuild for several quick publishes (docs/deploy.md, "What happens on publish").
 *
 * Sanity's webhook calls `/api/content-published` once per published document; an editor who
 * publishes a product, its price and a post within a minute sends three. Each call only notes the
 * publish in one row of the database (`site_state`, compare-and-swap). A scheduled function
 * (`rebuild-content`, every minute) asks Netlify's build hook for one build once publishing has
 * been quiet for `QUIET_MS`, or once the first pending publish has waited `MAX_WAIT_MS` (an editor
 * publishing all afternoon still sees the site move). A publish that arrives while the build hook is being called stays pending and gets a build
 * of its own: a second build is harmless, a missed one is not.
 */
import { z } from 'zod';
import type { JsonStore } from '../platform/blobs.ts';

/** The row of `site_state` (platform/versioned-rows.ts) that holds the publishes waiting for a build. */
export const REBUILD_KEY = 'content-rebuild';
const KEY = REBUILD_KEY;

/** Publishing must have been quiet this long before the build is asked for. */
export const QUIET_MS = 60_000;
/** …unless the first publish waiting has waited this long. */
export const MAX_WAIT_MS = 10 * 60_000;
/** The record keeps this many document ids, to name them in the build's title. */
const KEEP_DOCUMENTS = 20;

const pendingSchema = z.object({
  /** The first publish not yet in a build; absent when nothing waits. */
  firstAt: z.iso.datetime().optional(),
  /** The latest publish. */
  lastAt: z.iso.datetime().optional(),
  /** Publishes waiting. */
  count: z.number().int().min(0).default(0),
  documents: z.array(z.string()).default([]),
  /** When the build hook last answered. */
  builtAt: z.iso.datetime().optional(),
});
export type PendingRebuild = z.infer<typeof pendingSchema>;

export type RebuildOutcome =
  | { action: 'nothing pending' }
  | { action: 'waiting'; count: number; dueAt: string }
  | { action: 'built'; count: number; documents: string[] }
  | { action: 'not configured'; count: number }
  | { action: 'failed'; count: number; error: string };

/** When the pending publishes are due a build: quiet for QUIET_MS, or the first waiting MAX_WAIT_MS. */
export function rebuildDueAt(pending: PendingRebuild): Date | undefined {
  if (!pending.firstAt || !pending.lastAt) return undefined;
  const quiet = Date.parse(pending.lastAt) + QUIET_MS;
  const longest = Date.parse(pending.firstAt) + MAX_WAIT_MS;
  return new Date(Math.min(quiet, longest));
}

/** The pending record with one more publish of `documentId` at `now`. */
export function withPublish(pending: PendingRebuild, documentId: string, now: Date): PendingRebuild {
  const at = now.toISOString();
  const documents = [documentId, ...pending.documents.filter((id) => id !== documentId)].slice(0, KEEP_DOCUMENTS);
  return { ...pending, firstAt: pending.firstAt ?? at, lastAt: at, count: pending.count + 1, documents };
}

async function read(store: JsonStore): Promise<{ pending: PendingRebuild; etag?: string }> {
  const entry = await store.getWithMetadata(KEY, { type: 'json' });
  const parsed = pendingSchema.safeParse(entry?.data ?? {});
  // A record this code cannot read is replaced: the worst case is one extra build.
  const pending = parsed.success ? parsed.data : pendingSchema.parse({ firstAt: new Date(0).toISOString() });
  return entry ? { pending, etag: entry.etag } : { pending };
}

/** Notes one publish (compare-and-swap, so two webhook calls at once both count). */
export async function notePublish(store: JsonStore, documentId: string, now = new Date()): Promise<PendingRebuild> {
  for (let attempt = 0; attempt < 10; attempt += 1) {
    const { pending, etag } = await read(store);
    const next = withPublish(pending, documentId, now);
    const written = await store.setJSON(KEY, next, etag ? { onlyIfMatch: etag } : { onlyIfNew: true });
    if (written.modified) return next;
  }
  throw new Error('content-published: the pending rebuild record kept changing; not noted');
}

/**
 * Asks for one build when the pending publishes are due (`trigger` calls the build hook; undefined
 * when none is configured, and the publishes stay pending). After a build the record is cleared
 * only if no publish came in meanwhile.
 */
export async function rebuildIfDue(
  store: JsonStore,
  trigger: ((pending: PendingRebuild) => Promise<void>) | undefined,
  now = new Date(),
): Promise<RebuildOutcome> {
  const { pending, etag } = await read(store);
  const dueAt = rebuildDueAt(pending);
  if (!dueAt) return { action: 'nothing pending' };
  if (dueAt > now) return { action: 'waiting', count: pending.count, dueAt: dueAt.toISOString() };
  if (!trigger) return { action: 'not configured', count: pending.count };
  try {
    await trigger(pending);
  } catch (error) {
    return { action: 'failed', count: pending.count, error: error instanceof Error ? error.message : String(error) };
  }
  const cleared: PendingRebuild = { count: 0, documents: [], builtAt: now.toISOString() };
  if (etag) await store.setJSON(KEY, cleared, { onlyIfMatch: etag });
  return { action: 'built', count: pending.count, documents: pending.documents };
}

/** Calls Netlify's build hook, titled with what was published (Netlify shows it in Deploys). */
export function buildHookTrigger(buildHookUrl: string, fetchImpl: typeof fetch = fetch) {
  return async (pending: PendingRebuild) => {
    const url = new URL(buildHookUrl);
    const names = pending.documents.slice(0, 3).join(', ');
    const more = pending.documents.length > 3 ? ` and ${pending.documents.length - 3} more` : '';
    url.searchParams.set('trigger_title', `Content published in Sanity: ${names}${more}`);
    const response = await fetchImpl(url, {
      method: 'POST',
      body: '{}',
      headers: { 'content-type': 'application/json' },
    });
    if (!response.ok) throw new Error(`the build hook answered HTTP ${response.status}`);
  };
}
