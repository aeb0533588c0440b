/** Netlify's own local Blobs server in a temporary folder, for tests of code that uses Blobs. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { getStore } from '@netlify/blobs';
import { BlobsServer } from '@netlify/blobs/server';
import { afterAll, beforeAll } from 'vitest';
import { guardedStore, type JsonStore } from '../../netlify/lib/platform/blobs.ts';
import { allowPassthrough } from './msw.ts';

export interface TestBlobs {
  store(name: string): JsonStore;
  /** NETLIFY_BLOBS_CONTEXT for code that finds Blobs through the environment, as functions do. */
  context: string;
  /** The server's address, site id and token, for a caller that hands Blobs over some other way. */
  url: string;
  siteID: string;
  token: string;
  stop(): Promise<void>;
}

export async function startTestBlobs(): Promise<TestBlobs> {
  const directory = await mkdtemp(path.join(tmpdir(), 'ouo-blobs-'));
  const token = 'test-token';
  const siteID = 'test-site';
  const server = new BlobsServer({ directory, token, logger: () => undefined });
  const { port } = await server.start();
  const apiURL = `http://localhost:${port}`;
  const release = allowPassthrough(apiURL);
  const context = Buffer.from(JSON.stringify({ siteID, token, edgeURL: apiURL, uncachedEdgeURL: apiURL })).toString(
    'base64',
  );
  return {
    context,
    url: apiURL,
    siteID,
    token,
    store: (name) => guardedStore(getStore({ name, siteID, token, apiURL }) as unknown as JsonStore),
    async stop() {
      release();
      await server.stop();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

/**
 * The local Blobs server for the tests of one file: started before them, stopped after. The
 * answer stands for the running server (read it inside a test or hook, not at the file's top).
 */
export function fileTestBlobs(): TestBlobs {
  let started: TestBlobs | undefined;
  beforeAll(async () => {
    started = await startTestBlobs();
  });
  afterAll(() => started?.stop());
  const running = (): TestBlobs => {
    if (!started) throw new Error('the test Blobs server starts in beforeAll: read it inside a test or hook');
    return started;
  };
  return {
    store: (name) => running().store(name),
    get context() {
      return running().context;
    },
    get url() {
      return running().url;
    },
    get siteID() {
      return running().siteID;
    },
    get token() {
      return running().token;
    },
    stop: () => running().stop(),
  };
}
