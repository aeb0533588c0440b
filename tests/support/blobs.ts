/** Netlify's own local Blobs server in a temporary folder, for tests of code that uses Blobs. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { getStore } from '@netlify/blobs';
import { BlobsServer } from '@netlify/blobs/server';
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
