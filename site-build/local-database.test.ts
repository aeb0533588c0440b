/**
 * The local engine of `npm run dev` and `npm start` (Netlify's own, PGlite) with the project's
 * migrations applied at start: a failing migration stops the start, names its file, and leaves
 * nothing of itself applied (each file runs in its own transaction); the files before it stay.
 */

import { mkdirSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markLocalEngine } from '../netlify/lib/platform/database.ts';
import { LocalDatabaseError, startLocalDatabase } from './local-database.ts';

let root: string;
const url = process.env.NETLIFY_DB_URL;
beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'ouo-local-db-'));
  mkdirSync(path.join(root, 'netlify/database/migrations'), { recursive: true });
});
afterAll(async () => {
  // The start pointed this process at the engine: the file's own database again.
  process.env.NETLIFY_DB_URL = url;
  markLocalEngine(false);
  await rm(root, { recursive: true, force: true });
});

const migration = (name: string, sql: string) => writeFile(path.join(root, 'netlify/database/migrations', name), sql);

async function tables(databaseUrl: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>(
      "select table_name as name from information_schema.tables where table_schema = 'public' order by 1",
    );
    return rows.map((row) => row.name);
  } finally {
    await client.end();
  }
}

describe('the migrations at start', () => {
  it('stops at a failing migration, names it, and applies nothing of it', async () => {
    await migration('0001_first.sql', 'create table first (id int primary key);');
    await migration(
      '0002_broken.sql',
      'create table second (id int primary key);\ninsert into second values (1);\nselect no_such_function();',
    );
    const failed = startLocalDatabase(root, 'db');
    await expect(failed).rejects.toThrow(LocalDatabaseError);
    await expect(failed).rejects.toThrow(/0002_broken\.sql/);

    // Mended by a new file in its place (never applied, so it may be replaced): only then does it start.
    await rm(path.join(root, 'netlify/database/migrations/0002_broken.sql'));
    await migration('0002_second.sql', 'create table third (id int primary key);');
    const db = await startLocalDatabase(root, 'db');
    try {
      expect(await tables(db.url)).toEqual(['first', 'third']); // nothing of the broken file
    } finally {
      await db.stop();
    }
  }, 60_000);
});
