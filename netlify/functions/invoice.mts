import type { Config, Context } from '@netlify/functions';

import { orderIdSchema, orderKeySchema } from '../../src/shop/schemas/index.ts';
import { text } from '../../src/shop/texts/server.ts';
import { INVOICE_PAGE_POLICY, invoiceMessageHtml } from '../lib/invoices/invoice-html.ts';
import type { DocumentFormat, DocumentKind } from '../lib/invoices/links.ts';
import { createDocumentDeps, type DocumentAnswer, openDocument } from '../lib/invoices/shopper-document.ts';
import { endpoint, methodNotAllowed } from '../lib/platform/http.ts';

/** The last part of the address: which document, in which format. */
const DOCUMENTS: Record<string, { kind: DocumentKind; format: DocumentFormat }> = {
  invoice: { kind: 'invoice', format: 'html' },
  'invoice.pdf': { kind: 'invoice', format: 'pdf' },
  'credit-note': { kind: 'credit-note', format: 'html' },
  'credit-note.pdf': { kind: 'credit-note', format: 'pdf' },
};

const HTML = 'text/html; charset=utf-8';

/**
 * GET /orders/:orderId/invoice?key= (and `invoice.pdf`, `credit-note`, `credit-note.pdf`): the
 * order's tax invoice or credit note, as a page or a PDF, opened with the order's key
 * (docs/shop-rules.md §12). An unknown order and a wrong key get the same 404; only an order proven
 * by its key hears that its document is not issued yet. Every answer is kept out of caches,
 * referrers and search engines; the page's policy allows its one style block and a `data:` image.
 */
export default endpoint(async function invoiceFunction(
  request: Request,
  context: Pick<Context, 'params'>,
): Promise<Response> {
  const started = performance.now();
  const answer = await respond(request, context, started);
  answer.headers.set('X-Robots-Tag', 'noindex');
  return answer;
}, INVOICE_PAGE_POLICY);

async function respond(request: Request, context: Pick<Context, 'params'>, started: number): Promise<Response> {
  if (request.method !== 'GET') return methodNotAllowed(['GET']);
  const url = new URL(request.url);
  const document = DOCUMENTS[url.pathname.slice(url.pathname.lastIndexOf('/') + 1)];
  const orderId = orderIdSchema.safeParse(context.params.orderId ?? '');
  const key = orderKeySchema.safeParse(url.searchParams.get('key') ?? '');
  if (!document || !orderId.success || !key.success) return page(404, invoiceMessageHtml(text('invoice.notFound')));
  try {
    const answer = await openDocument(createDocumentDeps(), {
      ...document,
      orderId: orderId.data,
      key: key.data,
      origin: url.origin,
      started,
    });
    return toResponse(answer);
  } catch (error) {
    console.error('invoice: unexpected failure', error);
    return page(500, invoiceMessageHtml(text('invoice.failed')));
  }
}

function toResponse(answer: DocumentAnswer): Response {
  switch (answer.kind) {
    case 'not-found':
      return page(404, invoiceMessageHtml(answer.message));
    case 'missing':
      return page(404, invoiceMessageHtml(answer.message, answer.orderLink));
    case 'html':
      return page(200, answer.html);
    case 'pdf':
      return new Response(new Uint8Array(answer.pdf), {
        headers: {
          'Content-Type': 'application/pdf',
          'Content-Disposition': `inline; filename="${answer.filename}"`,
        },
      });
  }
}

const page = (status: number, html: string) => new Response(html, { status, headers: { 'Content-Type': HTML } });

export const config: Config = {
  path: [
    '/orders/:orderId/invoice',
    '/orders/:orderId/invoice.pdf',
    '/orders/:orderId/credit-note',
    '/orders/:orderId/credit-note.pdf',
  ],
  rateLimit: { windowLimit: 60, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
