import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from './fixtures.ts';
import { freePort } from './support/free-port.ts';

/**
 * Issue 46 §1 and §3: `npm start` serves the build as deployed unless asked for the development
 * tools (`--dev-tools`, which the other specs' server has): no staff desk, no development phone and
 * its public secret, no test gateway, and no address for a scheduled function — as on Netlify,
 * where a scheduled function has none. The same with `CONTEXT=production`. It says which it is.
 */
const root = path.resolve(import.meta.dirname, '../..');
const LOCAL_PHONE_SECRET = 'local-whatsapp-app-secret-for-development-only';
const SCHEDULED = ['sync-parcels', 'request-pickup', 'reconcile-orders', 'rebuild-content', 'sheet-sync'];

async function startServe(port: number, env: Record<string, string>) {
  const output: string[] = [];
  const child: ChildProcess = spawn(process.execPath, [path.join(root, 'scripts/serve.mjs')], {
    cwd: root,
    env: { ...process.env, PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => output.push(String(chunk)));
  child.stderr?.on('data', (chunk) => output.push(String(chunk)));
  await expect
    .poll(() => output.join('').includes('Shop (production build) at') || child.exitCode !== null, { timeout: 60_000 })
    .toBe(true);
  return { child, output: () => output.join('') };
}

for (const context of ['dev', 'production']) {
  test(`npm start without --dev-tools serves the build as deployed (CONTEXT=${context})`, async () => {
    test.setTimeout(90_000);
    const port = await freePort();
    const base = `http://localhost:${port}`;
    const data = await mkdtemp(path.join(tmpdir(), 'ouo-as-deployed-'));
    const server = await startServe(port, {
      CONTEXT: context,
      LOCAL_SHEETS_DIR: path.join(data, 'sheets'),
      LOCAL_MAIL_DIR: path.join(data, 'mail'),
      LOCAL_WHATSAPP_DIR: path.join(data, 'whatsapp'),
      LOCAL_INVOICES_DIR: path.join(data, 'invoices'),
      // Its own database, from nothing: two servers never share a folder (a lock refuses the second).
      LOCAL_DB_DIR: path.join(data, 'db'),
      LOCAL_DB_FRESH: '1',
    });
    try {
      expect(server.child.exitCode, server.output()).toBeNull();
      expect(server.output()).toContain('as deployed: no development tools');
      const ask = async (address: string, init?: RequestInit) => {
        const response = await fetch(`${base}${address}`, init);
        return { status: response.status, text: await response.text() };
      };
      const post = (address: string, body: string, headers: Record<string, string> = {}) =>
        ask(address, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });

      // No scheduled function has an address.
      for (const name of SCHEDULED) expect((await post(`/.netlify/functions/${name}`, '{}')).status, name).toBe(404);
      // No development tools.
      expect((await ask('/api/dev/staff')).status).toBe(404);
      expect(
        (await post('/api/dev/staff', '{"orderId":"OUO_1799999999996","action":"refund","amount":5}')).status,
      ).toBe(404);
      expect((await ask('/api/dev/whatsapp')).status).toBe(404);
      expect((await post('/api/local-gateway/pay', '{"razorpay_order_id":"order_x","outcome":"success"}')).status).toBe(
        404,
      );
      // The webhook takes no signature made with the development phone's public secret.
      const body = JSON.stringify({ object: 'whatsapp_business_account', entry: [] });
      const { createHmac } = await import('node:crypto');
      const signature = `sha256=${createHmac('sha256', LOCAL_PHONE_SECRET).update(body).digest('hex')}`;
      const webhook = await post('/api/whatsapp/webhook', body, { 'x-hub-signature-256': signature });
      expect(webhook.status).toBe(503);
      // An address with a broken escape is a bad request, not a server error (the probe's one 5xx).
      for (const address of ['/%', '/api/%', '/%E0%A4%A']) expect((await ask(address)).status, address).toBe(400);
      // Anyone learns only whether the shop works.
      const health = await ask('/api/health');
      expect(JSON.parse(health.text)).toEqual({ status: context === 'production' ? 'degraded' : 'ok' });
    } finally {
      // The server's database writes its files as it stops: its folder goes once it has exited
      // (removed while it still wrote, rmdir met a file just made: ENOTEMPTY).
      const exited = new Promise<void>((resolve) => {
        if (server.child.exitCode !== null || server.child.signalCode !== null) resolve();
        else server.child.once('exit', () => resolve());
      });
      server.child.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000))]);
      await rm(data, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
    }
  });
}
