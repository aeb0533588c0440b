/**
 * Vitest's global set-up: one throw-away PostgreSQL server for the whole run (decision 031); each
 * test file and each order world makes its own schema on it (tests/support/database.ts).
 */
import type { TestProject } from 'vitest/node';
import { startThrowawayPostgres } from '../../scripts/throwaway-postgres.ts';
// The `postgresUrl` this provides is declared where it is injected.
import type {} from './database.ts';

export default async function setup(project: TestProject) {
  const server = await startThrowawayPostgres();
  project.provide('postgresUrl', server.url);
  return () => server.stop();
}
