/**
 * The packing slip against Delhivery's documented answer (B2C API, "Generate Shipping Label"):
 * `GET /api/p/packing_slip?wbns=<awb>&pdf=true&pdf_size=4R` with `Authorization: Token …` answers
 * `{ packages: [{ wbn, pdf_download_link, … }], packages_found }`, the link an S3 address of the
 * PDF; some accounts get the PDF itself. The fake upstream refuses a request Delhivery would.
 */
import { delay, HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { server } from '#tests/support/msw.ts';
import { createDelhivery } from './client.ts';
import { delhiveryPackingSlip } from './packing-slip.ts';

const BASE = 'https://delhivery.test';
const TOKEN = 'test-token';
const SLIP_URL = `${BASE}/api/p/packing_slip`;
const WAYBILL = '1234567890123';
const S3_LINK = `https://s3-ap-southeast-1.amazonaws.com/pdf-labels/${WAYBILL}.pdf?X-Amz-Signature=abc`;

const slipQuerySchema = z.strictObject({
  wbns: z.string().regex(/^\w+(,\w+)*$/),
  pdf: z.literal('true'),
  pdf_size: z.enum(['A4', '4R']),
});

/** Delhivery's endpoint as documented; `answer` is its reply to a request it accepts. */
function slipHandler(answer: (waybills: string[]) => Response | Promise<Response>) {
  return http.get(SLIP_URL, ({ request }) => {
    if (request.headers.get('authorization') !== `Token ${TOKEN}`) {
      return HttpResponse.json({ detail: 'Authentication credentials were not provided.' }, { status: 401 });
    }
    const query = slipQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
    if (!query.success) return HttpResponse.json({ error: z.prettifyError(query.error) }, { status: 400 });
    return answer(query.data.wbns.split(','));
  });
}

const documented = (waybills: string[]) =>
  HttpResponse.json({
    packages: waybills.map((wbn) => ({ wbn, pdf_download_link: S3_LINK, pdf_encoding: '' })),
    packages_found: waybills.length,
  });

const slip = () => createDelhivery({ DELHIVERY_TOKEN: TOKEN, DELHIVERY_BASE_URL: BASE }).packingSlip?.(WAYBILL);

describe("Delhivery's packing slip", () => {
  it('asks for the 4 × 6 inch PDF of the waybill and gives the pdf_download_link', async () => {
    server.use(slipHandler(documented));
    await expect(slip()).resolves.toEqual({ ok: true, slip: { kind: 'link', url: S3_LINK } });
  });

  it('takes the PDF itself when Delhivery answers with one', async () => {
    const pdf = new TextEncoder().encode('%PDF-1.4\n…');
    server.use(slipHandler(() => new HttpResponse(pdf, { headers: { 'Content-Type': 'application/pdf' } })));
    const result = await slip();
    expect(result?.ok && result.slip.kind === 'pdf' && new Uint8Array(result.slip.pdf)).toEqual(pdf);
  });

  it.each([
    ['no package for the waybill', () => HttpResponse.json({ packages: [], packages_found: 0 }), 'REFUSED'],
    [
      'a package without a link',
      () => HttpResponse.json({ packages: [{ wbn: WAYBILL, pdf_download_link: '' }], packages_found: 1 }),
      'REFUSED',
    ],
    [
      'a link that is not https',
      () =>
        HttpResponse.json({
          packages: [{ wbn: WAYBILL, pdf_download_link: 'javascript:alert(1)' }],
          packages_found: 1,
        }),
      'UNREACHABLE',
    ],
    ['an answer of another shape', () => HttpResponse.json({ ShipmentData: [] }), 'UNREACHABLE'],
    [
      'an HTML error page',
      () => new HttpResponse('<html>502</html>', { headers: { 'Content-Type': 'text/html' } }),
      'UNREACHABLE',
    ],
    [
      'a "PDF" that is not one',
      () => new HttpResponse('<html></html>', { headers: { 'Content-Type': 'application/pdf' } }),
      'UNREACHABLE',
    ],
    ['a refused token', () => HttpResponse.json({ detail: 'Invalid token' }, { status: 401 }), 'REFUSED'],
    ['a server error', () => new HttpResponse('oops', { status: 503 }), 'UNREACHABLE'],
  ] as const)('fails on %s (%s)', async (_name, answer, code) => {
    server.use(slipHandler(answer));
    await expect(slip()).resolves.toMatchObject({ ok: false, code });
  });

  it('gives up after its time limit, so the shop can still draw its own label in time', async () => {
    server.use(
      slipHandler(async (waybills) => {
        await delay(500);
        return documented(waybills);
      }),
    );
    const packingSlip = delhiveryPackingSlip({ token: TOKEN, baseUrl: BASE, fetchImpl: fetch, timeoutMs: 50 });
    await expect(packingSlip(WAYBILL)).resolves.toMatchObject({
      ok: false,
      code: 'UNREACHABLE',
      message: expect.stringMatching(/50 ms/),
    });
  });

  it('is not there on the local carrier: its parcels get the shop’s own label', () => {
    expect(createDelhivery({ DELHIVERY_TOKEN: undefined, DELHIVERY_BASE_URL: BASE }).packingSlip).toBeUndefined();
    expect(
      createDelhivery({ DELHIVERY_TOKEN: undefined, DELHIVERY_BASE_URL: BASE, CONTEXT: 'production' }).packingSlip,
    ).toBeUndefined();
  });
});
