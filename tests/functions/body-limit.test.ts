/**
 * A body past `MAX_BODY_BYTES` over a real socket (issue 46 §C): the functions served the way
 * `npm start` and `npm run dev` serve them (scripts/serve.mjs: `toWebRequest`, the answer piped
 * back), and a client that sends a 2 MB upload, then the next one on the same connection, as
 * `fetch` and browsers do. Answering before the upload was read left its rest in the connection,
 * and the server cut it: some clients saw a reset instead of the 413.
 */
import { execFile } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import contact from '../../netlify/functions/contact.mts';
import razorpayWebhook from '../../netlify/functions/razorpay-webhook.mts';
import { type FunctionHandler, functionContext, toWebRequest } from '../../site-build/local-functions.ts';

const ROUTES: Record<string, FunctionHandler> = {
  '/api/contact': contact,
  '/api/razorpay/webhook': razorpayWebhook,
};

let server: http.Server;
let origin = '';
beforeAll(async () => {
  server = http.createServer(async (req, res) => {
    const handler = ROUTES[new URL(req.url ?? '/', origin).pathname];
    if (!handler) return void res.writeHead(404).end();
    const response = await handler(toWebRequest(req, origin), functionContext(req, {}));
    res.writeHead(response.status, Object.fromEntries(response.headers));
    if (!response.body) return void res.end();
    Readable.fromWeb(response.body as NodeReadableStream).pipe(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/**
 * The client runs in a process of its own: this one's `fetch` and `http.request` go through msw's
 * interceptors (tests/support/setup.ts), which do not keep a connection for the next request.
 * `fetch` there keeps one, as browsers do. Each answer is its status, or the error's code.
 */
const CLIENT = `
const [url, times, how] = process.argv.slice(1);
const body = Buffer.alloc(2 * 1024 * 1024, 'x');
const answers = [];
for (let i = 0; i < Number(times); i += 1) {
  // A Buffer declares its length; a stream is sent in chunks, with no length.
  const sent = how === 'declared' ? body : new Blob([body]).stream();
  try {
    const response = await fetch(url, {
      method: 'POST',
      // A reset shows as the server's keep-alive timeout (5 s) running out first: give up before.
      signal: AbortSignal.timeout(8000),
      body: sent,
      duplex: 'half',
      headers: { 'content-type': 'application/json' },
    });
    await response.arrayBuffer();
    answers.push(response.status);
  } catch (error) {
    answers.push(String(error.cause?.code ?? error.cause?.message ?? error.message));
  }
}
console.log(JSON.stringify(answers));
`;

async function twentyPosts(path: string, how: 'declared' | 'chunked'): Promise<(number | string)[]> {
  const { stdout } = await promisify(execFile)(process.execPath, [
    '--input-type=module',
    '--eval',
    CLIENT,
    `${origin}${path}`,
    '20',
    how,
  ]);
  return JSON.parse(stdout) as (number | string)[];
}

describe('a 2 MB body (issue 46 §C)', () => {
  it.each([
    ['/api/contact', 'declared'],
    ['/api/contact', 'chunked'],
    ['/api/razorpay/webhook', 'declared'],
    ['/api/razorpay/webhook', 'chunked'],
  ] as const)(
    'is answered 413 twenty times out of twenty, never a reset: %s, %s',
    async (path, how) => {
      expect(await twentyPosts(path, how)).toEqual(Array.from({ length: 20 }, () => 413));
    },
    180_000,
  );
});
