// `npm run bench:parcels`: the parcel sync over 2,000 open parcels (docs/decisions/022). The real
// sync, order log (on a throw-away PostgreSQL server: scripts/throwaway-postgres.ts) and Delhivery
// client, against a fake Delhivery on loopback answering in its documented shapes; the Sheet and
// the mail count what they are sent. It reports the requests made, each run's time and what it deferred (the scheduled
// function stops starting requests after 15 s), and checks that every state change was stored
// once, that a second pass changes nothing and sends nothing, and that no email went twice. Every
// shopper agreed to WhatsApp updates: each parcel that moved to a state with a template (shipped,
// out for delivery, a failed attempt, delivered) sends one WhatsApp message, none twice (issue 33).
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createDelhivery } from '../netlify/lib/delhivery/client.ts';
import { createOrderLog } from '../netlify/lib/orders/order-log.ts';
import { phoneHistory } from '../netlify/lib/orders/phone-history.ts';
import { syncParcels } from '../netlify/lib/parcels/sync.ts';
import { openDatabase } from '../netlify/lib/platform/database.ts';
import { whatsappBook } from '../netlify/lib/whatsapp/book.ts';
import { createSchema, startThrowawayPostgres } from '../scripts/throwaway-postgres.ts';
import { startFakeDelhivery } from '../tests/support/fake-delhivery.ts';

const root = path.resolve(import.meta.dirname, '..');
const PARCELS = Number(process.env.BENCH_PARCELS ?? 2000);

/**
 * Where each parcel is, by the scans Delhivery has for it (India time, as Delhivery writes it):
 * [ScanType, Scan, StatusCode, Instructions, ScanDateTime].
 * @type {Record<string, [string, string, string, string, string][]>}
 */
const JOURNEYS = {
  'in transit': [['UD', 'In Transit', 'X-PPOM', 'Shipment picked up', '2026-11-20T16:00:00']],
  'out for delivery': [
    ['UD', 'In Transit', 'X-PPOM', 'Shipment picked up', '2026-11-20T16:00:00'],
    ['UD', 'Dispatched', 'X-DDD3FD', 'Out for delivery', '2026-11-22T09:00:00'],
  ],
  'failed once': [
    ['UD', 'In Transit', 'X-PPOM', 'Shipment picked up', '2026-11-20T16:00:00'],
    ['UD', 'Dispatched', 'X-DDD3FD', 'Out for delivery', '2026-11-22T09:00:00'],
    ['UD', 'Pending', 'EOD-74', 'Consignee unavailable', '2026-11-22T18:00:00'],
  ],
  delivered: [
    ['UD', 'In Transit', 'X-PPOM', 'Shipment picked up', '2026-11-20T16:00:00'],
    ['UD', 'Dispatched', 'X-DDD3FD', 'Out for delivery', '2026-11-22T09:00:00'],
    ['DL', 'Delivered', 'EOD-38', 'Delivered to consignee', '2026-11-22T13:00:00'],
  ],
  returning: [
    ['UD', 'In Transit', 'X-PPOM', 'Shipment picked up', '2026-11-20T16:00:00'],
    ['UD', 'Dispatched', 'X-DDD3FD', 'Out for delivery', '2026-11-22T09:00:00'],
    ['UD', 'Pending', 'EOD-6', 'Consignee refused to accept', '2026-11-22T18:00:00'],
    ['RT', 'In Transit', 'RT-101', 'Return initiated', '2026-11-23T10:00:00'],
  ],
  'no scans yet': [],
};
const NAMES = Object.keys(JOURNEYS);

/** @param {string} orderId @param {string} waybill @param {string} at */
function bookedOrder(orderId, waybill, at) {
  const customer = {
    name: 'Bench Shopper',
    email: 'bench@example.in',
    phone: '9876543210',
    address1: '12 Mall Road',
    pincode: '248001',
    city: 'Dehradun',
    state: 'Uttarakhand',
  };
  const line = { productId: 1, size: '500gm', quantity: 1 };
  const totals = { subtotal: 347, shippingCharge: 65, codCharge: 150, total: 562 };
  const done = { status: /** @type {const} */ ('done'), attempts: 1, at };
  return {
    orderId,
    key: '0'.repeat(32),
    status: /** @type {const} */ ('forwarded'),
    mode: /** @type {const} */ ('cod'),
    fingerprint: orderId,
    createdAt: at,
    updatedAt: at,
    customer,
    lines: [line],
    cart: {
      lines: [{ ...line, name: 'Himalayan White Rajma', price: 347, weight: 500, lineTotal: 347 }],
      subtotal: 347,
      weight: 500,
    },
    totals,
    record: {
      type: /** @type {const} */ ('checkout'),
      orderId,
      timestamp: at,
      name: customer.name,
      email: customer.email,
      phone: customer.phone,
      address: customer.address1,
      pincode: customer.pincode,
      city: customer.city,
      state: customer.state,
      products: [{ name: 'Himalayan White Rajma', size: '500gm', quantity: 1, price: 347 }],
      paymentMode: /** @type {const} */ ('COD'),
      paymentStatus: /** @type {const} */ ('Pending'),
      ...totals,
    },
    forwards: { sheet: { ...done, syncedStatus: 'Booked' }, shipment: { ...done, waybill }, email: done },
    whatsapp: { consent: { version: 1, text: 'Send my order updates on WhatsApp from Orang Utan Organics', at } },
    history: [],
  };
}

// A real PostgreSQL server, as deployed (Netlify Database), with the migrations applied: the sync
// writes 8 orders at once, which the local engine (one session for every connection) would take
// one statement at a time.
const postgres = await startThrowawayPostgres();
const SCHEMA = 'bench_parcels';
await createSchema(postgres.url, SCHEMA);
const db = openDatabase(postgres.url, { schema: SCHEMA });
const delhivery = await startFakeDelhivery();
try {
  const log = createOrderLog(db);
  /** @type {string[]} */
  const whatsappSent = [];
  const sheetWrites = { count: 0 };
  /** @type {string[]} */
  const emails = [];
  const deps = {
    log,
    catalogue: async () => [],
    settings: async () => ({
      freeShippingThreshold: 1000,
      codCharge: 150,
      pickup: { name: 'Delhivery Uttarkashi hub', pincode: '249135' },
      shop: {
        name: 'Orang Utan Organics',
        email: 'hello@example.in',
        phone: '+91 90000 00000',
        whatsappNumber: '919000000000',
      },
      whatHappensNext: [],
    }),
    gateway: () => /** @type {never} */ ({ ok: false, code: 'NOT_CONFIGURED', message: 'bench' }),
    sheetBatch: { everyMs: 0, maxOrders: 500 },
    sheets: {
      writeOrders: async (/** @type {string} */ _tab, /** @type {{ orderId: string }[]} */ orders) => {
        sheetWrites.count += 1;
        return /** @type {const} */ ({ ok: true, written: orders.map((order) => order.orderId) });
      },
    },
    mail: {
      sendOrderEmail: async (/** @type {{ emailId?: string; orderId: string }} */ email) => {
        emails.push(email.emailId ?? email.orderId);
        return /** @type {const} */ ({ ok: true, duplicate: false });
      },
    },
    whatsapp: {
      kind: 'local',
      sendTemplate: async (/** @type {{ id: string }} */ message) => {
        whatsappSent.push(message.id);
        return /** @type {const} */ ({ ok: true, messageId: `wamid.bench-${message.id}`, duplicate: false });
      },
    },
    whatsappBook: whatsappBook(db),
    // Each delivered or returned parcel enters its phone's history, as the deployed sync does.
    codHistory: phoneHistory(db),
    hearsWhatsApp: false,
    siteUrl: 'https://shop.example',
    carrier: createDelhivery({ DELHIVERY_TOKEN: 'fake-delhivery-token', DELHIVERY_BASE_URL: delhivery.baseUrl }),
    now: () => new Date('2026-11-24T00:00:00.000Z'),
  };

  console.log(`Booking ${PARCELS} parcels in the order log…`);
  const startedBooking = performance.now();
  /** @type {Map<string, string>} */
  const journeyOf = new Map();
  const ids = Array.from({ length: PARCELS }, (_, index) => `OUO_${1_790_000_000_000 + index}`);
  for (let start = 0; start < ids.length; start += 50) {
    await Promise.all(
      ids.slice(start, start + 50).map(async (orderId, offset) => {
        const index = start + offset;
        const waybill = String(1_500_000_000_000 + index);
        const journey = NAMES[index % NAMES.length] ?? 'no scans yet';
        journeyOf.set(orderId, journey);
        delhivery.shipments.set(waybill, { order: orderId, pin: '248001', scans: [] });
        for (const [ScanType, Scan, StatusCode, Instructions, ScanDateTime] of JOURNEYS[journey] ?? []) {
          delhivery.scan(waybill, { ScanType, Scan, StatusCode, Instructions, ScanDateTime });
        }
        const order = bookedOrder(orderId, waybill, '2026-11-20T06:00:00.000Z');
        await log.create({ ...order, forwards: { ...order.forwards, shipment: { status: 'pending', attempts: 0 } } });
        // Booked as the shop books: the settle's update, which writes the open-parcel marker.
        await log.update(orderId, (current) => ({ ...current, forwards: order.forwards }));
      }),
    );
  }
  console.log(
    `Booked in ${((performance.now() - startedBooking) / 1000).toFixed(1)} s; ${(await log.parcelOrderIds()).length} open parcels.`,
  );

  /** @type {{ seconds: number; requests: number; asked: number; changes: number; deferred: number }[]} */
  const runs = [];
  for (let run = 0; run < 10; run += 1) {
    const before = delhivery.trackingRequests.length;
    const started = performance.now();
    const report = await syncParcels(/** @type {never} */ (deps));
    runs.push({
      seconds: (performance.now() - started) / 1000,
      requests: delhivery.trackingRequests.length - before,
      asked: report.asked,
      changes: report.changes,
      deferred: report.deferred,
    });
    console.log(`Run ${run + 1}: ${JSON.stringify(runs.at(-1))}`);
    if (report.deferred === 0) break;
  }
  // The next scheduled run, with nothing new from Delhivery: nothing to store, nothing to send.
  const emailsBefore = emails.length;
  const whatsappBefore = whatsappSent.length;
  const again = await syncParcels(/** @type {never} */ (deps));

  /** @type {Record<string, number>} */
  const expectedChanges = {
    'in transit': 1,
    'out for delivery': 2,
    'failed once': 3,
    delivered: 3,
    returning: 4,
    'no scans yet': 0,
  };
  let wrong = 0;
  let doubled = 0;
  let changes = 0;
  for (const orderId of ids) {
    const order = await log.get(orderId);
    const stored = order?.parcel?.changes.length ?? 0;
    const logged = order?.history.filter((entry) => entry.event.startsWith('parcel:')).length ?? 0;
    changes += stored;
    if (stored !== (expectedChanges[journeyOf.get(orderId) ?? 'no scans yet'] ?? 0)) wrong += 1;
    if (logged !== stored) doubled += 1;
  }
  const duplicateEmails = emails.length - new Set(emails).size;
  const duplicateWhatsapp = whatsappSent.length - new Set(whatsappSent).size;
  // One message for each parcel whose newest state has a template: shipped, out for delivery, failed,
  // delivered (order_delivered). A parcel coming back has none: the email tells it.
  const withTemplate = new Set(['in transit', 'out for delivery', 'failed once', 'delivered']);
  const expectedWhatsapp = ids.filter((orderId) => withTemplate.has(journeyOf.get(orderId) ?? '')).length;
  const first = runs[0];
  const rows = [
    ['open parcels', PARCELS, ''],
    ['runs until nothing deferred', runs.length, ''],
    [
      'first run: seconds / requests / parcels asked / deferred',
      `${first?.seconds.toFixed(1)} / ${first?.requests} / ${first?.asked} / ${first?.deferred}`,
      'requests ≤ 40 per 2,000',
    ],
    [
      'all runs: seconds / requests',
      `${runs.reduce((sum, run) => sum + run.seconds, 0).toFixed(1)} / ${runs.reduce((sum, run) => sum + run.requests, 0)}`,
      '',
    ],
    [
      'state changes stored (expected)',
      `${changes} (${ids.reduce((sum, orderId) => sum + (expectedChanges[journeyOf.get(orderId) ?? 'no scans yet'] ?? 0), 0)})`,
      'equal',
    ],
    ['orders with a wrong number of changes', wrong, 0],
    ['orders whose history holds a change twice', doubled, 0],
    ['Sheet writes', sheetWrites.count, ''],
    ['emails sent / sent twice', `${emailsBefore} / ${duplicateEmails}`, '— / 0'],
    [
      'WhatsApp messages sent (expected) / sent twice',
      `${whatsappBefore} (${expectedWhatsapp}) / ${duplicateWhatsapp}`,
      'equal / 0',
    ],
    [
      'a second pass: changes / emails / WhatsApp / requests',
      `${again.changes} / ${emails.length - emailsBefore} / ${whatsappSent.length - whatsappBefore} / ${again.requests}`,
      '0 / 0 / 0 / —',
    ],
  ];
  const table = [['metric', 'value', 'target'], ...rows.map((row) => row.map(String))];
  const widths = [0, 1, 2].map((column) => Math.max(...table.map((row) => row[column]?.length ?? 0)));
  for (const row of table) console.log(row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  '));
  const results = path.join(root, 'bench/results');
  await mkdir(results, { recursive: true });
  const file = path.join(results, `parcels-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  await writeFile(
    file,
    `${JSON.stringify({ at: new Date().toISOString(), node: process.version, parcels: PARCELS, runs, again, changes, wrong, doubled, sheetWrites: sheetWrites.count, emails: emailsBefore, duplicateEmails, whatsapp: whatsappBefore, expectedWhatsapp, duplicateWhatsapp }, null, 2)}\n`,
  );
  console.log(`\nResults written to ${path.relative(root, file)}`);
  if (
    wrong > 0 ||
    doubled > 0 ||
    duplicateEmails > 0 ||
    duplicateWhatsapp > 0 ||
    whatsappBefore !== expectedWhatsapp ||
    again.changes > 0
  )
    process.exitCode = 1;
} finally {
  await delhivery.stop();
  await db.close();
  await postgres.stop();
}
