/**
 * Delhivery's own label for a booked parcel, its packing slip: `GET /api/p/packing_slip?wbns=<awb>
 * &pdf=true&pdf_size=4R` (header `Authorization: Token …`). Delhivery's B2C API documentation
 * ("Generate Shipping Label") says that with `pdf=true` it makes "an S3 link of the pdf", and
 * `pdf_size=4R` a 4 × 6 inch label (A4 otherwise). The answer is
 * `{ packages: [{ wbn, pdf_download_link, … }], packages_found }`; some accounts are reported to
 * get the PDF itself, so a `application/pdf` answer is taken as the label too.
 * Only the real client has it: the local carrier's parcels get the shop's own label.
 */
import { z } from 'zod';
import { failure, type Outcome } from '../platform/outcome.ts';
import type { DelhiveryTarget } from './json-api.ts';

/** Staff wait on this in the browser, and the shop's own label must still be drawn in time after it. */
export const PACKING_SLIP_TIMEOUT_MS = 6_000;

/** The label: a link to Delhivery's PDF (signed by its storage, short-lived), or the PDF's bytes. */
export type PackingSlip = { kind: 'link'; url: string } | { kind: 'pdf'; pdf: ArrayBuffer };
export type PackingSlipResult = Outcome<{ slip: PackingSlip }>;

const packingSlipSchema = z.object({
  packages: z.array(
    z.object({
      wbn: z.union([z.string(), z.number()]).transform(String).nullish(),
      pdf_download_link: z.string().nullish(),
    }),
  ),
});

export function delhiveryPackingSlip(
  options: DelhiveryTarget & { timeoutMs?: number },
): (waybill: string) => Promise<PackingSlipResult> {
  const timeoutMs = options.timeoutMs ?? PACKING_SLIP_TIMEOUT_MS;
  return async (waybill) => {
    const target = new URL('/api/p/packing_slip', options.baseUrl);
    target.search = new URLSearchParams({ wbns: waybill, pdf: 'true', pdf_size: '4R' }).toString();
    let response: Response;
    try {
      response = await options.fetchImpl(target, {
        headers: { Authorization: `Token ${options.token}`, Accept: 'application/json, application/pdf' },
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!response.ok) {
        await response.text().catch(() => ''); // read to the end, so the connection is freed
        const code = response.status >= 400 && response.status < 500 ? 'REFUSED' : 'UNREACHABLE';
        return failure(code, `packing slip: HTTP ${response.status}`);
      }
      if ((response.headers.get('content-type') ?? '').toLowerCase().includes('application/pdf')) {
        const pdf = await response.arrayBuffer();
        const magic = new TextDecoder().decode(pdf.slice(0, 5));
        return magic === '%PDF-'
          ? { ok: true, slip: { kind: 'pdf', pdf } }
          : failure('UNREACHABLE', 'packing slip: the PDF answer is not a PDF');
      }
      return linkFrom(waybill, await response.text());
    } catch (error) {
      const timedOut = error instanceof Error && error.name === 'TimeoutError';
      return failure('UNREACHABLE', `packing slip: ${timedOut ? `no answer within ${timeoutMs} ms` : 'network error'}`);
    }
  };
}

function linkFrom(waybill: string, body: string): PackingSlipResult {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return failure('UNREACHABLE', 'packing slip: the answer is neither JSON nor a PDF');
  }
  const parsed = packingSlipSchema.safeParse(json);
  if (!parsed.success) return failure('UNREACHABLE', 'packing slip: unexpected answer shape');
  const { packages } = parsed.data;
  const found = packages.find((entry) => entry.wbn === waybill) ?? (packages.length === 1 ? packages[0] : undefined);
  const link = found?.pdf_download_link?.trim();
  if (!link) return failure('REFUSED', `packing slip: Delhivery has no label for ${waybill}`);
  // Staff's browser is sent there: only a real https address, never `javascript:` or a relative path.
  if (!URL.canParse(link) || new URL(link).protocol !== 'https:') {
    return failure('UNREACHABLE', 'packing slip: the label link is not an https address');
  }
  return { ok: true, slip: { kind: 'link', url: link } };
}
