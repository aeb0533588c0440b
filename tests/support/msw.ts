import { setupServer } from 'msw/node';

/** The outside world in tests: handlers are added per test; anything unhandled is an error. */
export const server = setupServer();

const passthroughOrigins = new Set<string>();

/** Lets requests to a test's own local server (e.g. the Netlify Blobs test server) through. */
export function allowPassthrough(origin: string): () => void {
  passthroughOrigins.add(origin);
  return () => passthroughOrigins.delete(origin);
}

export function isPassthrough(url: string): boolean {
  return passthroughOrigins.has(new URL(url).origin);
}
