import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import pincode, { config } from '../../netlify/functions/pincode.mts';
import * as contentModule from '../../src/content/content.server.ts';
import { errorEnvelopeSchema, pincodeCheckResponseSchema } from '../../src/shop/schemas/index.ts';
import { watchWarnings } from '../support/console.ts';
import { makePincodeAnswer } from '../support/factories.ts';
import {
  delhiveryPincodeHandler,
  DELHIVERY_TEST_PINCODE_URL as PINCODE_URL,
  stubDelhiveryEnv,
} from '../support/fake-delhivery.ts';
import { server } from '../support/msw.ts';

function check(pin: string, method = 'GET'): Promise<Response> {
  return pincode(new Request(`http://localhost/api/pincode/${encodeURIComponent(pin)}`, { method }), {
    params: { pin },
  });
}

async function answerOf(response: Response) {
  expect(response.status).toBe(200);
  return pincodeCheckResponseSchema.parse(await response.json());
}

const warn = watchWarnings();
beforeEach(() => stubDelhiveryEnv());
afterEach(() => vi.unstubAllEnvs());

describe('GET /api/pincode/:pin', () => {
  it('is configured for its path, every method routed to it (GET only: 405 for others), rate limited', () => {
    expect(config).toEqual({
      path: '/api/pincode/:pin',
      rateLimit: { windowLimit: 60, windowSize: 60, aggregateBy: ['ip', 'domain'] },
    });
  });

  it("answers Delhivery's serviceability with the delivery window from Uttarkashi", async () => {
    const seen: string[] = [];
    server.use(
      delhiveryPincodeHandler([{ postal_code: { pin: 110001, pre_paid: 'Y', cod: 'Y', district: 'New Delhi' } }], seen),
    );

    expect(await answerOf(await check('110001'))).toEqual(makePincodeAnswer());
    expect(seen).toEqual(['110001']);
  });

  it('says when a pincode takes prepaid orders only', async () => {
    server.use(delhiveryPincodeHandler([{ postal_code: { pin: 249193, pre_paid: 'Y', cod: 'N' } }]));

    expect(await answerOf(await check('249193'))).toMatchObject({
      serviceable: true,
      prepaid: true,
      cod: false,
      estimatedDays: { min: 2, max: 4 },
    });
  });

  it('says when Delhivery does not serve the pincode', async () => {
    server.use(delhiveryPincodeHandler([]));

    expect(await answerOf(await check('999999'))).toEqual(
      makePincodeAnswer({
        pincode: '999999',
        serviceable: false,
        prepaid: false,
        cod: false,
        estimatedDays: { min: 5, max: 8 },
      }),
    );
  });

  it.each(['12345', '1234567', '012345', 'abcdef', '11 001'])(
    'refuses %j with 400 and the pincode message',
    async (pin) => {
      const seen: string[] = [];
      server.use(delhiveryPincodeHandler([], seen));

      const response = await check(pin);

      expect(response.status).toBe(400);
      expect(errorEnvelopeSchema.parse(await response.json()).error).toEqual({
        code: 'INVALID_PINCODE',
        message: 'Please enter a valid 6-digit pincode',
      });
      expect(seen).toEqual([]);
    },
  );

  it('answers serviceability unknown, as an estimate, when Delhivery is down', async () => {
    server.use(http.get(PINCODE_URL, () => HttpResponse.json({ detail: 'Service Unavailable' }, { status: 503 })));

    expect(await answerOf(await check('263001'))).toEqual(
      makePincodeAnswer({
        pincode: '263001',
        serviceable: null,
        prepaid: null,
        cod: null,
        estimatedDays: { min: 3, max: 5 },
        estimate: true,
      }),
    );
    expect(warn).toHaveBeenCalledOnce();
  });

  it('answers from the local default, flagged as an estimate, when Delhivery is not configured', async () => {
    vi.stubEnv('DELHIVERY_TOKEN', '');
    // No handler: a call to Delhivery would be an unhandled request and fail the test.

    expect(await answerOf(await check('400001'))).toEqual(
      makePincodeAnswer({ pincode: '400001', estimatedDays: { min: 5, max: 8 }, estimate: true }),
    );
  });

  it('still estimates from the usual pickup when shop settings cannot be read', async () => {
    server.use(delhiveryPincodeHandler([{ postal_code: { pin: 110001, pre_paid: 'Y', cod: 'Y' } }]));
    const failing = contentModule.createContent({ kind: 'sanity', fetch: () => Promise.reject(new Error('offline')) });
    const spy = vi.spyOn(contentModule, 'content').mockReturnValue(failing);

    expect(await answerOf(await check('110001'))).toMatchObject({
      serviceable: true,
      estimatedDays: { min: 4, max: 6 },
    });
    expect(warn).toHaveBeenCalledOnce();
    spy.mockRestore();
  });

  it('answers POST with 405', async () => {
    const response = await check('110001', 'POST');
    expect(response.status).toBe(405);
    expect(response.headers.get('Allow')).toBe('GET');
  });
});
