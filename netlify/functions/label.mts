import type { Config, Context } from '@netlify/functions';
import { orderIdSchema } from '../../src/shop/schemas/index.ts';
import { text } from '../../src/shop/texts/server.ts';
import { LABEL_PAGE_POLICY } from '../lib/labels/label-html.ts';
import { createLabelDeps, openLabel } from '../lib/labels/service.ts';
import { endpoint, errorResponse, guarded, methodNotAllowed, serviceResponse } from '../lib/platform/http.ts';

const FAILING = { name: 'label', message: text('label.failed') };

/**
 * GET /api/label/:orderId?exp=&sig=: a booked parcel's label, from the Sheet's signed `Label` link
 * (docs/shop-rules.md §7). The order id is checked against its pattern and the link against its
 * signature before the order is read. A label shows a customer's address: `endpoint` keeps every
 * answer out of caches and referrers, and `X-Robots-Tag` out of search engines.
 */
export default endpoint(async function labelFunction(
  request: Request,
  context: Pick<Context, 'params'>,
): Promise<Response> {
  return noindex(await answer(request, context));
}, LABEL_PAGE_POLICY);

async function answer(request: Request, context: Pick<Context, 'params'>): Promise<Response> {
  if (request.method !== 'GET') return methodNotAllowed(['GET']);
  const orderId = orderIdSchema.safeParse(context.params.orderId ?? '');
  if (!orderId.success) return errorResponse(403, 'LABEL_LINK_INVALID', text('label.invalidLink'));
  const query = new URL(request.url).searchParams;
  return guarded(FAILING, async () => {
    const result = await openLabel(createLabelDeps(), {
      orderId: orderId.data,
      exp: query.get('exp'),
      sig: query.get('sig'),
    });
    if (!result.ok) return serviceResponse(result);
    const label = result.body;
    if (label.kind === 'link') return new Response(null, { status: 302, headers: { Location: label.url } });
    if (label.kind === 'pdf') {
      const disposition = `inline; filename="label-${orderId.data}.pdf"`;
      return new Response(label.pdf, {
        headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': disposition },
      });
    }
    return new Response(label.html, { headers: { 'Content-Type': 'text/html; charset=utf-8' } });
  });
}

function noindex(response: Response): Response {
  response.headers.set('X-Robots-Tag', 'noindex');
  return response;
}

export const config: Config = {
  path: '/api/label/:orderId',
  rateLimit: { windowLimit: 60, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
