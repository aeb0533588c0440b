/**
 * The shop's functions as Netlify routes them, for the two local servers that run them in their
 * own process: `npm run dev` (site-build/dev-functions.ts, through Vite's module runner, so an edit
 * takes effect on the next request) and `npm start` (scripts/serve.mjs, bundled once). Netlify's
 * own emulation runs each request of a function in a fresh worker thread, bundling the function
 * first: 10–20 s a call on a 2-core machine (decisions 002 and 029).
 */
import type http from 'node:http';
import path from 'node:path';
import { Readable } from 'node:stream';
import { BlobsServer } from '@netlify/blobs/server';
import { markLocalMachine } from '../netlify/lib/platform/local-machine.ts';

/** What a function file exports, as far as routing reads it (`@netlify/functions`' `Config`). */
export type FunctionModule = {
  default: FunctionHandler;
  config?: { path?: string | string[]; method?: string | string[]; schedule?: string };
};
export type FunctionHandler = (request: Request, context: FunctionContext) => Response | Promise<Response>;
/** The part of Netlify's `Context` our functions read (`params`), and what a local server knows. */
export type FunctionContext = {
  params: Record<string, string>;
  ip: string;
  geo: Record<string, never>;
  site: Record<string, never>;
};

export type FunctionRoute = {
  /** The function's file name without `.mts`: `process-cod`. */
  name: string;
  pattern: RegExp;
  methods: string[] | undefined;
  /**
   * A scheduled function's address (`/.netlify/functions/<name>`): Netlify gives it none, so only a
   * developer's machine answers it (issue 46; scripts/serve.mjs without `--dev-tools` leaves it out).
   */
  scheduled: boolean;
};

export const FUNCTIONS_DIR = 'netlify/functions';

/** The function files of the folder, as Netlify finds them (`*.mts`). */
export function functionFiles(names: readonly string[]): string[] {
  return names.filter((file) => file.endsWith('.mts')).sort();
}

export const functionName = (file: string) => path.basename(file).replace(/\.mts$/, '');

/**
 * The addresses a function answers: each of its `config.path`s, for its `config.method`s. A
 * scheduled function has no address on Netlify; on a developer's machine, as with `netlify
 * functions:invoke`, it runs on a POST to `/.netlify/functions/<name>`, so a developer or a test
 * can run it now.
 */
export function routesOf(name: string, config: FunctionModule['config']): FunctionRoute[] {
  const { path: routePath, method, schedule } = config ?? {};
  const methods = method ? [method].flat() : undefined;
  if (!routePath && schedule)
    return [{ name, pattern: compilePath(`/.netlify/functions/${name}`), methods: ['POST'], scheduled: true }];
  return (routePath ? [routePath].flat() : []).map((one) => ({
    name,
    pattern: compilePath(one),
    methods,
    scheduled: false,
  }));
}

/** Netlify's `config.path` syntax as far as we use it: literal segments, `:name` and a trailing `*`. */
export function compilePath(routePath: string): RegExp {
  const source = routePath
    .split('/')
    .map((segment) =>
      segment.startsWith(':')
        ? `(?<${segment.slice(1)}>[^/]+)`
        : segment === '*'
          ? '.*'
          : segment.replace(/[.+?^${}()|[\]\\]/g, '\\$&'),
    )
    .join('/');
  return new RegExp(`^${source}/?$`);
}

/** The function whose path and method match, as Netlify routes them; otherwise none. */
export function findRoute(
  routes: readonly FunctionRoute[],
  method: string,
  pathname: string,
): { route: FunctionRoute; params: Record<string, string> } | undefined {
  for (const route of routes) {
    const match = route.pattern.exec(pathname);
    if (match && (!route.methods || route.methods.includes(method))) return { route, params: { ...match.groups } };
  }
  return undefined;
}

export function functionContext(req: http.IncomingMessage, params: Record<string, string>): FunctionContext {
  return { params, geo: {}, ip: req.socket.remoteAddress ?? '127.0.0.1', site: {} };
}

/** A Node request as the `Request` a function receives; its body is streamed, not read here. */
export function toWebRequest(req: http.IncomingMessage, origin: string): Request {
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers.set(key, Array.isArray(value) ? value.join(', ') : value);
  }
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
  return new Request(new URL(req.url ?? '/', origin), {
    method: req.method,
    headers,
    // Node's web stream type and the DOM's differ only in typing; Request accepts it at run time.
    ...(hasBody ? { body: Readable.toWeb(req) as unknown as ReadableStream, duplex: 'half' } : {}),
  } as RequestInit);
}

/**
 * Netlify Blobs: Netlify's own local server on `.netlify/blobs-serve` (the folder `netlify dev`
 * uses), found by the functions through NETLIFY_BLOBS_CONTEXT exactly as on Netlify.
 */
export async function startLocalBlobs(root: string): Promise<{ stop: () => Promise<void> }> {
  const token = 'local-blobs-token';
  const blobs = new BlobsServer({ directory: path.join(root, '.netlify/blobs-serve'), token });
  const { port } = await blobs.start();
  const url = `http://localhost:${port}`;
  process.env.NETLIFY_BLOBS_CONTEXT = Buffer.from(
    JSON.stringify({ siteID: '0', token, edgeURL: url, uncachedEdgeURL: url }),
  ).toString('base64');
  return { stop: () => blobs.stop() };
}

/**
 * This process is a developer's machine: the development tools answer here
 * (netlify/lib/platform/local-machine.ts). `npm run dev` always; `npm start` only with `--dev-tools`.
 */
export function startDevelopmentTools(): void {
  markLocalMachine();
}
