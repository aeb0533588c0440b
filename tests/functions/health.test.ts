import { beforeEach, describe, expect, it, vi } from 'vitest';
import health, { config } from '../../netlify/functions/health.mts';
import { database } from '../../netlify/lib/platform/database.ts';
import * as contentModule from '../../src/content/content.server.ts';
import { fileTestBlobs } from '../support/blobs.ts';
import { functionsLog } from '../support/database.ts';
import { staffHealthRequest } from '../support/functions.ts';
import { change, parcelOf, putOrders } from '../support/parcels.ts';

const blobs = fileTestBlobs();
beforeEach(() => {
  vi.stubEnv('NETLIFY_BLOBS_CONTEXT', blobs.context);
});

describe('GET /api/health', () => {
  it('reports the content source and the catalogue size', async () => {
    const response = await health(staffHealthRequest());
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      ok: true,
      context: 'dev',
      content: 'bundled',
      products: 6,
      systems: {
        content: 'local',
        payments: 'local',
        webhook: 'off',
        carrier: 'local',
        sheet: 'local',
        reviews: 'local',
        whatsapp: 'local',
        email: 'local',
      },
      missing: expect.arrayContaining(['SANITY_PROJECT_ID', 'DELHIVERY_TOKEN', 'SHEETS_WEBHOOK_URL']),
      orders: { needsAttention: 0, needsRefund: 0 },
      sheet: { oldestUnwritten: null },
    });
    expect(config.path).toBe('/api/health');
  });

  it('answers 503 in production on any local stand-in, naming what is missing', async () => {
    vi.stubEnv('CONTEXT', 'production');
    vi.stubEnv('STAFF_ACTION_SECRET', 'staff-secret');
    vi.stubEnv('RAZORPAY_KEY_ID', 'rzp_live_x');
    vi.stubEnv('RAZORPAY_KEY_SECRET', 'secret');
    try {
      const response = await health(staffHealthRequest());
      expect(response.status).toBe(503);
      const body = await response.json();
      expect(body).toMatchObject({
        ok: false,
        systems: { payments: 'real', carrier: 'local', sheet: 'local', whatsapp: 'off', email: 'off' },
        error: { code: 'LOCAL_STAND_IN_IN_PRODUCTION' },
      });
      // WhatsApp is optional: never among what production is missing.
      expect(body.missing).not.toContain('WHATSAPP_TOKEN');
      expect(body.missing).toEqual(expect.arrayContaining(['DELHIVERY_TOKEN', 'SHEETS_WEBHOOK_URL', 'SHEET_ID']));
      expect(body.missing).not.toContain('RAZORPAY_KEY_ID');
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it("reports WhatsApp as Meta's Cloud API once its token and number are set", async () => {
    vi.stubEnv('WHATSAPP_TOKEN', 'token');
    vi.stubEnv('WHATSAPP_PHONE_NUMBER_ID', '106540352242922');
    try {
      const response = await health(staffHealthRequest());
      expect(await response.json()).toMatchObject({ systems: { whatsapp: 'real' } });
    } finally {
      vi.unstubAllEnvs();
      vi.stubEnv('NETLIFY_BLOBS_CONTEXT', blobs.context);
    }
  });

  it('says whether email goes through Resend or the Apps Script (issue 48)', async () => {
    try {
      vi.stubEnv('SHEETS_WEBHOOK_URL', 'https://script.google.com/macros/s/AKfycb-mail/exec');
      expect(await (await health(staffHealthRequest())).json()).toMatchObject({ systems: { email: 'apps-script' } });
      // The provider's key wins: the Apps Script stays only as the fallback without it.
      vi.stubEnv('RESEND_API_KEY', 're_test_key');
      expect(await (await health(staffHealthRequest())).json()).toMatchObject({ systems: { email: 'resend' } });
    } finally {
      vi.unstubAllEnvs();
      vi.stubEnv('NETLIFY_BLOBS_CONTEXT', blobs.context);
    }
  });

  it('counts the orders that need staff attention', async () => {
    // A parcel lost on its way: staff must act.
    await putOrders(functionsLog(), [
      { orderId: 'OUO_1700000000001', parcel: parcelOf(change('lost', '2026-11-25T00:00:00.000Z')) },
    ]);
    const response = await health(staffHealthRequest());
    expect(await response.json()).toMatchObject({ orders: { needsAttention: 1 } });
  });

  it('counts the orders paid twice, whose extra payment staff must refund', async () => {
    await putOrders(functionsLog(), [{ orderId: 'OUO_1700000000002' }]);
    await functionsLog().update('OUO_1700000000002', (order) => ({
      ...order,
      refunds: [{ paymentId: 'pay_2', amountPaise: 100, at: '2026-11-25T00:00:00.000Z', via: 'webhook' }],
    }));
    const response = await health(staffHealthRequest());
    expect(await response.json()).toMatchObject({ orders: { needsRefund: 1 } });
  });

  it('says how far behind the Sheet is: the oldest change its rows do not show yet (issue 48)', async () => {
    await putOrders(functionsLog(), [{ orderId: 'OUO_1700000000003' }]);
    const [task] = await database().query<{ armed_at: Date }>(
      `update tasks set state = 'pending', armed_at = '2026-11-25T00:00:00.000Z' where key = 'OUO_1700000000003/sheet' returning armed_at`,
    );
    expect(task).toBeDefined();
    const response = await health(staffHealthRequest());
    expect(await response.json()).toMatchObject({ sheet: { oldestUnwritten: '2026-11-25T00:00:00.000Z' } });
  });

  it('tells anyone only whether the shop works: no systems, settings or order counts (issue 46)', async () => {
    await putOrders(functionsLog(), [
      { orderId: 'OUO_1700000000009', parcel: parcelOf(change('lost', '2026-11-25T00:00:00.000Z')) },
    ]);
    for (const authorization of [undefined, 'Bearer not-the-staff-secret', 'Basic x', 'Bearer ']) {
      const response = await health(
        new Request('http://localhost/api/health', authorization ? { headers: { authorization } } : {}),
      );
      expect(response.status, authorization).toBe(200);
      expect(await response.json(), authorization).toEqual({ status: 'ok' });
    }
  });

  it('says only "degraded" (503) to anyone when production runs on a local stand-in', async () => {
    vi.stubEnv('CONTEXT', 'production');
    try {
      const response = await health(new Request('http://localhost/api/health'));
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({ status: 'degraded' });
    } finally {
      vi.unstubAllEnvs();
      vi.stubEnv('NETLIFY_BLOBS_CONTEXT', blobs.context);
    }
  });

  it('refuses other methods', async () => {
    const response = await health(new Request('http://localhost/api/health', { method: 'POST' }));
    expect(response.status).toBe(405);
  });

  /** Anyone but staff: 503, degraded, and no more. */
  async function expectDegradedToAnyone() {
    const anyone = await health(new Request('http://localhost/api/health'));
    expect(anyone.status).toBe(503);
    expect(await anyone.json()).toEqual({ status: 'degraded' });
  }

  it('answers 503 when the order store cannot be reached: degraded for anyone, its code for staff', async () => {
    vi.stubEnv('NETLIFY_DB_URL', 'postgres://postgres@127.0.0.1:9/postgres');
    try {
      const response = await health(staffHealthRequest());
      expect(response.status).toBe(503);
      expect(await response.json()).toMatchObject({ error: { code: 'DATABASE_UNAVAILABLE' } });
      await expectDegradedToAnyone();
      expect(vi.mocked(console.error)).toHaveBeenCalledWith('health: database unavailable', expect.anything());
      vi.mocked(console.error).mockClear();
    } finally {
      vi.unstubAllEnvs();
      vi.stubEnv('NETLIFY_BLOBS_CONTEXT', blobs.context);
    }
  });

  it('answers 503 in the error envelope when the catalogue cannot be read', async () => {
    const failing = contentModule.createContent({ kind: 'sanity', fetch: () => Promise.reject(new Error('offline')) });
    const spy = vi.spyOn(contentModule, 'content').mockReturnValue(failing);
    const response = await health(staffHealthRequest());
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ error: { code: 'CONTENT_UNAVAILABLE' } });
    await expectDegradedToAnyone();
    expect(vi.mocked(console.error)).toHaveBeenCalledTimes(2);
    vi.mocked(console.error).mockClear();
    spy.mockRestore();
  });
});
