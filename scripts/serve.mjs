// `npm start`: serves the production build (build/client) and the functions on one port, through
// Netlify's own local emulation so redirects, headers and function routing behave as deployed.
import { readFile, readdir } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { Readable } from 'node:stream';
import { NetlifyDev } from '@netlify/dev';

const root = path.resolve(import.meta.dirname, '..');
const port = Number(process.env.PORT ?? 8888);
const host = process.env.HOST ?? 'localhost';

const netlify = new NetlifyDev({
  projectRoot: root,
  serverAddress: null,
  edgeFunctions: { enabled: false },
  geolocation: { enabled: false },
  database: { enabled: false },
  images: { enabled: false },
  aiGateway: { enabled: false },
  staticFiles: { enabled: true, directories: [path.join(root, 'build/client')] },
});

const fallback = await readFile(path.join(root, 'build/client/__spa-fallback.html')).catch(() => {
  console.error('No build found: run `npm run build` first.');
  process.exit(1);
});
await netlify.start();

// Netlify's emulation bundles each function on its first request, which can take seconds on a
// small machine: do it now, so no shopper (or test) waits on a cold function.
const functionsDir = path.join(root, 'netlify/functions');
const paths = [];
for (const file of await readdir(functionsDir)) {
  if (!file.endsWith('.mts') || file.includes('.test.')) continue;
  const source = await readFile(path.join(functionsDir, file), 'utf8');
  const match = /path:\s*'([^']+)'/.exec(source);
  const method = /method:\s*\['(\w+)'/.exec(source)?.[1] ?? 'GET';
  if (match) paths.push({ route: match[1].replace(':pin', '249135'), method });
}
// An empty body fails validation before anything is written, so warming up changes no data.
await Promise.all(
  paths.map(({ route, method }) =>
    netlify
      .handle(new Request(`http://${host}:${port}${route}`, { method, ...(method === 'POST' ? { body: '{}' } : {}) }))
      .catch(() => undefined),
  ),
);

const server = http.createServer(async (req, res) => {
  try {
    const result = await netlify.handleAndIntrospectNodeRequest(req, { serverAddress: `http://${host}:${port}` });
    if (!result) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(fallback);
      return;
    }
    const { response } = result;
    res.writeHead(response.status, Object.fromEntries(response.headers));
    if (response.body) Readable.fromWeb(response.body).pipe(res);
    else res.end();
  } catch (error) {
    console.error(error);
    if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
    res.end('Internal error');
  }
});

server.listen(port, host, () => console.log(`Shop (production build) at http://${host}:${port}`));

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, async () => {
    server.close();
    await netlify.stop();
    process.exit(0);
  });
}
