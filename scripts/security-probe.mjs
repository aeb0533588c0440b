// @ts-check
// `npm run probe:security [-- <base URL>]`: probes a running `npm start` (scripts/serve.mjs, default
// http://localhost:8940) from outside, as issue 46's security probe did, section by section:
//
//  1. served as deployed: no development tools (/api/dev/staff, /api/dev/whatsapp, the local test
//     gateway, the development phone's public app secret, the scheduled functions' addresses), and
//     online payment 503 without Razorpay keys;
//  2. a phone's COD record is not changed by cancellations made with the order's key;
//  3. a signed Razorpay webhook with an id that cannot be a storage key: 200 (ignored) or 400;
//  4. /api/health tells anyone only ok/degraded, staff (Bearer STAFF_ACTION_SECRET) the details;
//  5. five wrong `CONFIRM <orderId> <code>` on WhatsApp lock the order's confirmation;
//  6. staff's "COD received" is refused on a COD order never delivered;
//  7. a lone surrogate or a noncharacter in a name is never stored;
//  8. 2 MB bodies get 413, never a connection reset;
//  9. "cancelling" (202) only while something is being cancelled;
//  then a bounded generic pass over every function route of netlify/functions/*.mts (wrong methods,
//  empty and invalid bodies, huge and odd strings, path-traversal ids, unicode oddities).
//
// It counts requests, statuses and 5xx per section and prints a markdown table; exit 1 on any
// finding (an answer that breaks what the fixed shop promises) or any 5xx not answered by design (a
// 503 saying a system is not configured here, as production without its settings answers).
//
// It places and cancels a few COD orders, so it talks only to a server on this machine. Start it as
// deployed (no `--dev-tools`) with the secrets the probe signs with, the same values in both:
//   STAFF_ACTION_SECRET, RAZORPAY_WEBHOOK_SECRET, WHATSAPP_APP_SECRET on the server;
//   PROBE_STAFF_SECRET, PROBE_RAZORPAY_WEBHOOK_SECRET, PROBE_WHATSAPP_APP_SECRET here.
// A section whose secret is missing is skipped and says so. Without Razorpay keys (as deployed, no
// test gateway) the Razorpay webhook answers 503 before it reads an event, so section 3 says it
// could not probe; start the server with made-up RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET and
// RAZORPAY_BASE_URL on an unused loopback port to probe it (no event it sends makes the shop call
// Razorpay, and create-order is then not asked). Optional: PROBE_SERVER_LOG names the
// file the server's output went to, so section 1 also reads what it printed on start;
// PROBE_CARRIER_DAY_SECONDS (the server's LOCAL_CARRIER_DAY_SECONDS, at most 60) lets section 6 wait
// for a delivery and check that "COD received" is then taken; PROBE_LOG names a file for every
// request and its answer, one JSON line each; `-- --production` expects production where the
// context cannot be read (it is read from staff's /api/health, so only without PROBE_STAFF_SECRET).
import { writeFile } from 'node:fs/promises';
import { probeCancelling } from './security-probe/cancelling.mjs';
import { probeCodReceived } from './security-probe/cod-received.mjs';
import { probeConfirmLockout } from './security-probe/confirm-lockout.mjs';
import { probeDeployed } from './security-probe/deployed.mjs';
import { probeGeneric } from './security-probe/generic-pass.mjs';
import { probeHealth } from './security-probe/health.mjs';
import { probeLargeBodies } from './security-probe/large-bodies.mjs';
import { probeOddNames } from './security-probe/odd-names.mjs';
import { probePhoneRecord } from './security-probe/phone-record.mjs';
import { BASE, clip, journal, sections, server, totalRequests } from './security-probe/probe.mjs';
import { probeRazorpayIds } from './security-probe/razorpay-ids.mjs';
import { probeSetup } from './security-probe/setup.mjs';

// The sections, in this order: setup first (it learns the context), /api/health before the orders
// (nothing it says depends on them), 5 and 6 confirm orders that 9 cancels, the generic pass last.
await probeSetup();
await probeDeployed();
await probeHealth();
await probePhoneRecord();
const razorpay = await probeRazorpayIds();
await probeConfirmLockout();
await probeCodReceived();
await probeOddNames();
await probeLargeBodies();
await probeCancelling();
await probeGeneric(razorpay);

// ---------------------------------------------------------------------------------------------
// The table

const cell = (/** @type {string} */ text) => text.replace(/\|/g, '\\|').replace(/[\r\n]+/g, ' ');
sections.sort((a, b) => a.id.localeCompare(b.id));
const rows = sections.map((where) => {
  const fiveXx = `${where.unexpected5xx}${where.byDesign5xx ? ` (+${where.byDesign5xx} by design)` : ''}`;
  const found = [...where.findings.values()].map(
    (each) => `**${each.rule}** (${each.count}): ${clip(each.example, 220)}`,
  );
  const notes = where.notes.map((note) => `note: ${clip(note, 260)}`);
  const text = [...found, ...notes].join('<br>') || 'none';
  return `| ${where.id}. ${cell(where.title)} | ${where.requests} | ${fiveXx} | ${cell(text)} |`;
});
const failed = sections.some((where) => where.findings.size > 0 || where.unexpected5xx > 0);

console.log(
  `\nSecurity probe of ${BASE.origin} (context ${server.context ?? 'unknown'}): ${totalRequests} requests, ${sections.reduce((sum, where) => sum + where.unexpected5xx, 0)} unexpected 5xx\n`,
);
console.log('| section | requests | 5xx | findings |');
console.log('|---|---|---|---|');
for (const row of rows) console.log(row);
console.log('\nStatuses per section:');
for (const where of sections) {
  const statuses = [...where.statuses.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([status, count]) => `${status}×${count}`)
    .join(', ');
  console.log(`- ${where.id}: ${statuses || 'none'}`);
}
const all = sections.flatMap((where) => [...where.findings.values()].map((each) => ({ where, each })));
if (all.length > 0) {
  console.log('\nFindings, one example each:');
  for (const { where, each } of all)
    console.log(`- ${where.id} ${each.rule} (${each.count}×): ${clip(each.example, 600)}`);
}
if (process.env.PROBE_LOG) await writeFile(process.env.PROBE_LOG, `${journal.join('\n')}\n`);
console.log(failed ? '\nprobe:security: findings (see above).' : '\nprobe:security: no findings.');
process.exit(failed ? 1 : 0);
