import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 8899);
/** `npm run dev`, for the drafts preview, which only the dev server has (preview.spec.ts). */
export const E2E_DEV_PORT = Number(process.env.E2E_DEV_PORT ?? 8897);
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** The staff secret of the end-to-end server (`STAFF_ACTION_SECRET`). */
export const E2E_STAFF_SECRET = 'e2e-staff-secret';
/** The spec that starts `npm run dev` itself, after the others (tests/e2e/dev-server.spec.ts). */
const DEV_SERVER_SPEC = /dev-server\.spec\.ts$/;
/** The embedded Sheet (CSV tabs) the test server writes to; specs read it back. */
export const E2E_SHEETS_DIR = path.resolve('.data/e2e/sheets');
/** Where the test server writes each order's confirmation email (LOCAL_MAIL_DIR); specs read it. */
export const E2E_MAIL_DIR = path.resolve('.data/e2e/mail');
/** The local WhatsApp outbox: one file per message (netlify/lib/whatsapp/sender.ts). */
export const E2E_WHATSAPP_DIR = path.resolve('.data/e2e/whatsapp');
/** Where the test server keeps a copy of each invoice and credit note (LOCAL_INVOICES_DIR). */
export const E2E_INVOICES_DIR = path.resolve('.data/e2e/invoices');
/**
 * The local database folders of the test servers (LOCAL_DB_DIR), emptied as each starts
 * (LOCAL_DB_FRESH): every run from nothing, and never a developer's own `.netlify/db` or
 * `.netlify/db-start`, which a server of theirs may hold. Only the server opens its folder.
 */
const E2E_DB_DIR = path.resolve('.data/e2e/db');
const E2E_DEV_DB_DIR = path.resolve('.data/e2e/dev-db');
/**
 * The servers are sent SIGTERM, not Playwright's SIGKILL: `npm start` closes its database, and
 * either removes its folder's lock as it exits (site-build/local-database.ts).
 */
const STOP = { signal: 'SIGTERM', timeout: 10_000 } as const;
/** How long a day lasts for the test server's simulated carrier (LOCAL_CARRIER_DAY_SECONDS). */
export const E2E_CARRIER_DAY_SECONDS = 2;

/**
 * End-to-end journeys against the production build served by `npm start` (Netlify's emulation),
 * in Debian's Chromium. `npm run test:e2e` builds first.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  timeout: 45_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: [
        '--headless=new',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [
    { name: 'desktop', testIgnore: DEV_SERVER_SPEC, use: { ...devices['Desktop Chrome'], channel: undefined } },
    {
      // `npm run dev` as a newcomer starts it after `npm test`: after every other spec, on the tree
      // they leave (issue 45).
      name: 'dev-server',
      testMatch: DEV_SERVER_SPEC,
      dependencies: ['desktop'],
      use: { ...devices['Desktop Chrome'], channel: undefined },
    },
  ],
  webServer: [
    {
      // With the development tools: the specs confirm COD orders through the development phone,
      // work orders through /dev/staff and run the scheduled parcel sync now.
      command: 'node scripts/serve.mjs --dev-tools',
      url: `http://localhost:${PORT}/api/health`,
      // A simulated carrier day of 2 s: a parcel booked now is delivered (3¼ days) within 7 s.
      env: {
        PORT: String(PORT),
        LOCAL_SHEETS_DIR: E2E_SHEETS_DIR,
        REVIEWS_CACHE_MS: '1000',
        LOCAL_CARRIER_DAY_SECONDS: String(E2E_CARRIER_DAY_SECONDS),
        LOCAL_MAIL_DIR: E2E_MAIL_DIR,
        LOCAL_WHATSAPP_DIR: E2E_WHATSAPP_DIR,
        LOCAL_INVOICES_DIR: E2E_INVOICES_DIR,
        // The site's address, as Netlify sets it: the email's link to the order page points here.
        URL: `http://localhost:${PORT}`,
        // Many specs place, cancel and return orders from one phone (98765 43210): no phone history
        // here, so the COD rules about a phone never decide a journey (docs/shop-rules.md §10 rule 17).
        COD_PHONE_HISTORY: 'off',
        // Staff's secret, as a deploy has one: /api/health tells its details only with it (smoke.spec.ts).
        STAFF_ACTION_SECRET: E2E_STAFF_SECRET,
        LOCAL_DB_DIR: E2E_DB_DIR,
        LOCAL_DB_FRESH: '1',
      },
      reuseExistingServer: false,
      gracefulShutdown: STOP,
      timeout: 120_000,
    },
    {
      // The dev server renders on request; the preview of drafts lives only there (issue 16).
      command: 'npx react-router dev',
      url: `http://localhost:${E2E_DEV_PORT}/robots.txt`,
      env: { PORT: String(E2E_DEV_PORT), LOCAL_DB_DIR: E2E_DEV_DB_DIR, LOCAL_DB_FRESH: '1' },
      reuseExistingServer: false,
      gracefulShutdown: STOP,
      timeout: 120_000,
    },
  ],
});
