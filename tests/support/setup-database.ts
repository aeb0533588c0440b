/**
 * Every node test file gets its own database schema before its tests run, under NETLIFY_DB_URL, as
 * a function finds it when deployed (netlify/lib/platform/database.ts): functions called by a test
 * use it, and no file sees another's orders.
 */
import { beforeAll } from 'vitest';
import { freshDatabase } from './database.ts';

beforeAll(async () => {
  const { url, db } = await freshDatabase({ max: 1 });
  await db.close();
  process.env.NETLIFY_DB_URL = url;
});
