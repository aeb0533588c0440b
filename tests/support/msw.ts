import { http } from 'msw';
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

/**
 * The shop's own `POST <path>` as a component test stands it in: each JSON body the component sent
 * kept in `bodies` (also the answer), `respond()` answering it.
 */
export function ownApiPost(
  path: string,
  respond: () => Response | Promise<Response>,
  bodies: unknown[] = [],
): unknown[] {
  server.use(
    http.post(`*${path}`, async ({ request }) => {
      bodies.push(await request.json());
      return respond();
    }),
  );
  return bodies;
}
