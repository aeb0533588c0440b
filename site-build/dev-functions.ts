/**
 * `npm run dev` runs the shop's functions (`/api/*`, the invoice's addresses, the scheduled ones at
 * `/.netlify/functions/<name>`) inside the dev server's own process, through Vite's server-side
 * module runner — the one React Router renders the pages with — and serves Netlify Blobs from
 * Netlify's local Blobs server and Netlify Database from Netlify's local engine on `.netlify/db`
 * (LOCAL_DB_DIR another folder; site-build/local-database.ts), its migrations applied at start. An
 * edit to a function or anything it imports takes effect on the next request. Decision 029: why
 * not Netlify's Vite plugin, which bundled every function with its traced files into
 * `.netlify/functions-serve/` (copies of the project that Vite then watched) and ran each request
 * in a fresh worker thread (10–20 s a call here).
 */

import { readdir } from 'node:fs/promises';
import type http from 'node:http';
import path from 'node:path';
import { Readable } from 'node:stream';
import { isRunnableDevEnvironment, type Plugin } from 'vite';
import { type LocalDatabase, LocalDatabaseError, startLocalDatabase } from './local-database.ts';
import {
  FUNCTIONS_DIR,
  type FunctionModule,
  type FunctionRoute,
  findRoute,
  functionContext,
  functionFiles,
  functionName,
  routesOf,
  startDevelopmentTools,
  startLocalBlobs,
  toWebRequest,
} from './local-functions.ts';

/** `npm run dev`'s database folder, from the project's root; LOCAL_DB_DIR another (the tests' own). */
const DEV_DATABASE_DIR = '.netlify/db';

export function devFunctions(): Plugin {
  // This dev server's hold on the local engine, let go when Vite closes it: on a restart (Vite makes
  // the new server, which shares the engine, before it closes this one) and when stdin ends. On
  // Ctrl-C and SIGTERM, React Router's CLI ends the process at once (exit-hook): nothing is closed,
  // the engine's lock is removed as the process exits, and the next start recovers the engine's
  // files as PostgreSQL does after a crash (site-build/local-database.ts).
  let db: LocalDatabase | undefined;
  return {
    name: 'ouo:dev-functions',
    apply: 'serve',
    // Vite's last hook of a server it closes (a restart, stdin's end), awaited.
    async closeServer() {
      await db?.stop();
      db = undefined;
    },
    async configureServer(server) {
      // React Router starts a dev server without an HTTP server inside every build, to read routes.
      if (!server.httpServer) return;
      const ssr = server.environments.ssr;
      if (!ssr || !isRunnableDevEnvironment(ssr)) throw new Error('The dev server has no runnable SSR environment.');
      const root = server.config.root;
      const dir = path.join(root, FUNCTIONS_DIR);
      const origin = `http://localhost:${server.config.server.port}`;
      // The site's address, as Netlify sets it: the emails' links to the order page point here.
      process.env.URL ??= origin;
      // A developer's machine: the staff desk, the development phone, the test gateway (issue 46).
      startDevelopmentTools();

      const blobs = await startLocalBlobs(root);
      server.httpServer.once('close', () => void blobs.stop());
      try {
        db = await startLocalDatabase(root, process.env.LOCAL_DB_DIR || DEV_DATABASE_DIR, {
          fresh: process.env.LOCAL_DB_FRESH === '1',
        });
      } catch (error) {
        await blobs.stop();
        if (!(error instanceof LocalDatabaseError)) throw error;
        // What to do, without a stack: the dev server does not start.
        server.config.logger.error(`\n${error.message}\n`);
        process.exit(1);
      }
      server.config.logger.info(`  database: ${db.summary} (Netlify's local engine)`);

      const load = (name: string) => ssr.runner.import<FunctionModule>(path.join(dir, `${name}.mts`));
      // Read from the functions' own `config` the first time a request could be one of theirs, and
      // again after any file in the folder changes (a new function, a changed path).
      let table: Promise<FunctionRoute[]> | undefined;
      const routes = () => {
        table ??= readdir(dir).then(async (names) => {
          const modules = await Promise.all(
            functionFiles(names)
              .map(functionName)
              .map(async (name) => ({ name, module: await load(name) })),
          );
          return modules.flatMap(({ name, module }) => routesOf(name, module.config));
        });
        table.catch(() => {
          table = undefined;
        });
        return table;
      };
      const forget = (file: string) => {
        if (path.dirname(file) === dir) table = undefined;
      };
      for (const event of ['add', 'change', 'unlink'] as const) server.watcher.on(event, forget);

      server.middlewares.use(async (req, res, next) => {
        try {
          const url = new URL(req.url ?? '/', origin);
          if (!mayBeFunction(url.pathname)) return next();
          const target = findRoute(await routes(), req.method ?? 'GET', url.pathname);
          if (!target) return next();
          const { default: handler } = await load(target.route.name);
          await sendWebResponse(res, await handler(toWebRequest(req, origin), functionContext(req, target.params)));
        } catch (error) {
          if (error instanceof Error) server.ssrFixStacktrace(error);
          server.config.logger.error(
            `function ${req.method} ${req.url} failed: ${String((error as Error)?.stack ?? error)}`,
            {
              timestamp: true,
            },
          );
          if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
          res.end('Internal error');
        }
      });
    },
  };
}

/**
 * Whether an address may belong to a function, without loading them: every function answers under
 * `/api/`, at `/.netlify/functions/<name>` (the scheduled ones) or at an order's invoice and credit
 * note (`/orders/<id>/invoice`, `…/credit-note`, with `.pdf`). The pages and Vite's own files
 * never wait for the functions to load; a function given another address must be added here (the
 * dev server's test routes every function's addresses through it).
 */
export function mayBeFunction(pathname: string): boolean {
  return (
    pathname.startsWith('/api/') ||
    pathname.startsWith('/.netlify/functions/') ||
    /^\/orders\/[^/]+\/(invoice|credit-note)(\.pdf)?\/?$/.test(pathname)
  );
}

/** A function's `Response` written to Node's response, its body streamed. */
async function sendWebResponse(res: http.ServerResponse, response: Response): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, key) => {
    if (key !== 'set-cookie') headers[key] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) headers['set-cookie'] = cookies;
  res.writeHead(response.status, headers);
  if (!response.body) return void res.end();
  await new Promise<void>((resolve, reject) => {
    Readable.fromWeb(response.body as import('node:stream/web').ReadableStream)
      .on('error', reject)
      .pipe(res)
      .on('finish', resolve)
      .on('error', reject);
  });
}
