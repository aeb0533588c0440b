/** The Pickups tab: one row per day, written through both writers and rewritten as the day's request goes. */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { recordingAppsScript, tempSheetsDir } from '#tests/support/sheets.ts';
import { readCsv } from '../../../src/content/sheet-csv.server.ts';
import { createSheets } from './client.ts';
import { PICKUP_HEADERS, PICKUPS_TAB, type SheetPickup } from './pickups-tab.ts';
import { tabRows } from './tabs.ts';

const sheetsDir = tempSheetsDir();

const failed: SheetPickup = {
  date: '2026-11-21',
  time: '16:00:00',
  location: 'Delhivery Uttarkashi hub',
  parcels: 2,
  status: 'Failed, retrying: HTTP 503',
};
const requested: SheetPickup = {
  ...failed,
  parcels: 3,
  pickupId: '8123456',
  status: 'Requested',
  requestedAt: '2026-11-21T09:05:00.000Z',
};

describe('the Pickups tab', () => {
  it('lays a day out in its columns, keyed by the date', () => {
    expect(tabRows(PICKUPS_TAB, requested)).toEqual([
      ['2026-11-21', '16:00:00', 'Delhivery Uttarkashi hub', '3', '8123456', 'Requested', '2026-11-21T09:05:00.000Z'],
    ]);
    expect(PICKUPS_TAB.key(requested)).toBe('2026-11-21');
  });

  it('locally: one row per day in Pickups.csv, its outcome rewritten in place', async () => {
    const sheets = createSheets(sheetsDir.localEnv());
    expect(await sheets.upsertPickup(failed)).toEqual({ ok: true, duplicate: false });
    expect(await sheets.upsertPickup(requested)).toEqual({ ok: true, duplicate: true, updated: true });
    expect(await sheets.upsertPickup({ ...failed, date: '2026-11-22' })).toEqual({ ok: true, duplicate: false });
    expect(await readCsv(join(sheetsDir.dir(), 'Pickups.csv'))).toEqual([
      [...PICKUP_HEADERS],
      ['2026-11-21', '16:00:00', 'Delhivery Uttarkashi hub', '3', '8123456', 'Requested', '2026-11-21T09:05:00.000Z'],
      ['2026-11-22', '16:00:00', 'Delhivery Uttarkashi hub', '2', '', 'Failed, retrying: HTTP 503', ''],
    ]);
  });

  it('sends the Apps Script the day as an upsert of type pickup, keyed by its date', async () => {
    const { received, env } = recordingAppsScript({ ok: true, duplicate: true, updated: true });
    const sheets = createSheets({ ...sheetsDir.localEnv(), ...env });
    expect(await sheets.upsertPickup(requested)).toEqual({ ok: true, duplicate: true, updated: true });
    expect(received).toEqual([
      {
        secret: 's3cret',
        type: 'pickup',
        tab: 'Pickups',
        date: '2026-11-21',
        headers: [...PICKUP_HEADERS],
        rows: tabRows(PICKUPS_TAB, requested),
        action: 'upsert',
        update: ['Time', 'Location', 'Parcels', 'Pickup ID', 'Status', 'Requested At'],
      },
    ]);
  });
});
