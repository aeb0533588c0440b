// @ts-check
// Runs one function as Netlify packaged it (tests/functions/packaging.test.ts). The test copies
// this file next to the packages, outside the project, and forks it with the function's package as
// the working directory, as Lambda runs a function from its package (/var/task). It imports only
// Node's own modules, so everything else it loads comes from the package, and it reports every
// module the process loaded for the test to check.
//
// The entry point is the one Netlify generates (`___netlify-entry-point.mjs`): Netlify's bootstrap
// wraps the function for AWS Lambda's streaming runtime, which provides the global `awslambda`; a
// request goes through that handler as a Lambda event, Blobs included, as on Netlify.
import { createRequire, registerHooks } from 'node:module';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pathToFileURL } from 'node:url';

/**
 * @typedef {{ url: string; method: string; headers?: Record<string, string>; body?: string; blobs?: string; route?: string }} Call
 * @typedef {{ name: string; call?: Call }} Job
 */

// Every module the ES module loader resolves, seen by a synchronous resolve hook on this thread.
// (The older asynchronous `register()` hook, on a thread of its own, reported nothing on Node 24
// before the run ended: the test then saw no ES module at all.)
/** @type {Set<string>} */
const resolved = new Set();
registerHooks({
  resolve(specifier, context, next) {
    const result = next(specifier, context);
    resolved.add(result.url);
    return result;
  },
});

// What Lambda's Node runtime gives a streaming handler: the response stream gets a prelude (status
// and headers), then the body.
/** @type {{ prelude?: { statusCode: number; multiValueHeaders?: Record<string, string[]> } }} */
const sink = {};
Object.assign(globalThis, {
  awslambda: {
    /** @param {Function} handler */
    streamifyResponse: (handler) => handler,
    HttpResponseStream: {
      /**
       * @param {Writable} stream
       * @param {{ statusCode: number; multiValueHeaders?: Record<string, string[]> }} prelude
       */
      from(stream, prelude) {
        sink.prelude = prelude;
        return stream;
      },
    },
  },
});

/**
 * @param {(event: object, stream: Writable, context: object) => Promise<void>} handler
 * @param {Call} call
 */
async function invoke(handler, call) {
  /** @type {Buffer[]} */
  const chunks = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      chunks.push(Buffer.from(chunk));
      done();
    },
  });
  const event = {
    rawUrl: call.url,
    httpMethod: call.method,
    headers: call.headers ?? {},
    body: call.body ?? null,
    isBase64Encoded: false,
    blobs: call.blobs,
    // The `config.path` Netlify matched the request with: the bootstrap reads `context.params` from it.
    route: call.route,
    flags: {},
  };
  const context = { awsRequestId: 'packaging-test', clientContext: {}, getRemainingTimeInMillis: () => 30_000 };
  await handler(event, stream, context);
  const headers = Object.fromEntries(
    Object.entries(sink.prelude?.multiValueHeaders ?? {}).map(([key, values]) => [key, values.join(', ')]),
  );
  const body = Buffer.concat(chunks);
  // The body as text, and as bytes for an answer that is not text (the invoice's PDF).
  return { status: sink.prelude?.statusCode, headers, body: body.toString('utf8'), base64: body.toString('base64') };
}

/** @param {Job} job */
async function run(job) {
  const root = process.cwd();
  const entry = await import(pathToFileURL(path.join(root, '___netlify-entry-point.mjs')).href);
  const fn = await import(pathToFileURL(path.join(root, 'netlify', 'functions', `${job.name}.mjs`)).href);
  const response = job.call ? await invoke(entry.handler, job.call) : undefined;
  const required = Object.keys(createRequire(import.meta.url).cache).map((file) => pathToFileURL(file).href);
  return {
    handler: typeof entry.handler,
    defaultExport: typeof fn.default,
    config: fn.config ?? null,
    response,
    modules: [...new Set([...resolved, ...required])].filter((url) => url.startsWith('file:')),
  };
}

const job = /** @type {Job} */ (JSON.parse(process.argv[2] ?? '{}'));
run(job).then(
  (result) => process.send?.({ ok: true, result }, () => process.exit(0)),
  (error) => process.send?.({ ok: false, error: String(error?.stack ?? error) }, () => process.exit(1)),
);
