// @ts-check
// `npm run probe:security` (scripts/security-probe.mjs), section 1. Served as deployed
import { readFile } from 'node:fs/promises';
import {
  ask,
  clip,
  finding,
  LINES,
  NO_ORDER,
  PUBLIC_WHATSAPP_SECRET,
  run,
  SECRETS,
  section,
  server,
  shown,
} from './probe.mjs';
import { customer, freshOrderId, freshPhone, postWhatsApp, quotedTotal, whatsappStatus } from './requests.mjs';

/**
 * @typedef {import('./probe.mjs').Ask} Ask
 */

export async function probeDeployed() {
  const deployed = section('1', 'served as deployed: no development tools');
  await run(deployed, async () => {
    /** @type {Ask[]} */
    const tools = [
      { path: '/api/dev/staff' },
      { path: '/api/dev/staff', json: { orderId: NO_ORDER, action: 'cod-received' } },
      { path: '/api/dev/whatsapp' },
      { path: '/api/dev/whatsapp', json: { kind: 'write', phone: freshPhone(), text: 'STOP' } },
      { path: '/api/local-gateway/pay', json: { razorpay_order_id: 'order_probe1', outcome: 'success' } },
    ];
    for (const request of tools) {
      const answer = await ask(deployed, request);
      if (answer.status !== 404) finding(deployed, 'a development tool answers (not 404)', shown(answer));
    }
    for (const name of ['sync-parcels', 'request-pickup', 'reconcile-orders', 'rebuild-content', 'sheet-sync']) {
      const answer = await ask(deployed, { method: 'POST', path: `/.netlify/functions/${name}` });
      if (answer.status !== 404) finding(deployed, 'a scheduled function runs on request (not 404)', shown(answer));
    }
    // The development phone's public secret: refused beside a real secret (401), or with none (503).
    const forged = await postWhatsApp(
      deployed,
      whatsappStatus(),
      PUBLIC_WHATSAPP_SECRET,
      "signed with the development phone's public secret",
    );
    if (forged.status !== 401 && forged.status !== 503)
      finding(deployed, "the webhook takes the development phone's public secret", shown(forged));
    if (!SECRETS.whatsapp && forged.status !== 503)
      deployed.notes.push(`without PROBE_WHATSAPP_APP_SECRET the webhook was expected to answer 503: ${forged.status}`);
    // Online payment: 503 without Razorpay keys; never the local test gateway.
    const payments = server.systems?.payments;
    if (payments === 'real') {
      deployed.notes.push('Razorpay keys are set here: create-order not asked (it would call Razorpay)');
    } else {
      const created = await ask(deployed, {
        path: '/api/razorpay/create-order',
        json: {
          orderId: freshOrderId(),
          customer: customer(freshPhone()),
          lines: LINES,
          clientTotal: await quotedTotal(deployed, 'prepaid'),
        },
        what: 'online payment',
      });
      if (created.status !== 503 || created.json?.error?.code !== 'PAYMENTS_UNAVAILABLE')
        finding(deployed, 'online payment is not 503 PAYMENTS_UNAVAILABLE', shown(created));
    }
    const log = process.env.PROBE_SERVER_LOG;
    if (log) {
      const printed = await readFile(log, 'utf8').catch(() => '');
      if (/with the development tools/.test(printed))
        finding(deployed, 'the server says it runs with the development tools', clip(printed, 300));
      else if (/as deployed/.test(printed)) deployed.notes.push('the server printed "as deployed" on start');
      else deployed.notes.push(`PROBE_SERVER_LOG (${log}) does not say how the server runs`);
    } else deployed.notes.push('what the server printed on start not read (PROBE_SERVER_LOG unset)');
  });
}
