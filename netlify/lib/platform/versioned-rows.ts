/**
 * A table of `(key, record, version)` rows read and written as the Blobs store's conditional writes
 * were (create-only, compare-and-swap on a version): what the content rebuild's waiting publishes
 * are kept in (decision 031). Review and contact submissions and the day's pickups, once kept here
 * too, are tasks now (tasks/site-tasks.ts); their tables were dropped (migration 0002).
 * Each write is one statement, so the condition holds across every function instance, not only
 * within one process.
 */
import type { JsonStore } from './blobs.ts';
import type { Queries } from './database.ts';

export type VersionedTable = 'site_state';

export function versionedRows(db: Queries, table: VersionedTable): JsonStore {
  return {
    async getWithMetadata(key) {
      const [row] = await db.query<{ record: unknown; version: number }>(
        `select record, version from ${table} where key = $1`,
        [key],
      );
      return row ? { data: row.record, etag: String(row.version) } : null;
    },
    async setJSON(key, data, options = {}) {
      const record = JSON.stringify(data);
      let rows: { version: number }[];
      if (options.onlyIfNew) {
        rows = await db.query(
          `insert into ${table} (key, record) values ($1, $2) on conflict (key) do nothing returning version`,
          [key, record],
        );
      } else if (options.onlyIfMatch !== undefined) {
        rows = await db.query(
          `update ${table} set record = $2, version = version + 1 where key = $1 and version = $3 returning version`,
          [key, record, Number(options.onlyIfMatch)],
        );
      } else {
        rows = await db.query(
          `insert into ${table} (key, record) values ($1, $2)
           on conflict (key) do update set record = excluded.record, version = ${table}.version + 1 returning version`,
          [key, record],
        );
      }
      const [row] = rows;
      return row ? { modified: true, etag: String(row.version) } : { modified: false };
    },
    async delete(key) {
      await db.query(`delete from ${table} where key = $1`, [key]);
    },
    async list({ prefix }) {
      const rows = await db.query<{ key: string }>(`select key from ${table} where starts_with(key, $1) order by key`, [
        prefix,
      ]);
      return { blobs: rows };
    },
  };
}
