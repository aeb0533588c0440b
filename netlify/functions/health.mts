import type { Config } from '@netlify/functions';
import { content } from '../../src/content/content.server.ts';
import { errorResponse, methodNotAllowed } from '../lib/platform/http.ts';

/** A cheap check that the functions run and can read the catalogue (used by tests and uptime checks). */
export default async function health(request: Request): Promise<Response> {
  if (request.method !== 'GET') return methodNotAllowed(['GET']);
  try {
    const catalogue = await content().catalogue();
    return Response.json({ ok: true, content: content().source, products: catalogue.length });
  } catch (error) {
    console.error('health: content unavailable', error);
    return errorResponse(503, 'CONTENT_UNAVAILABLE', 'The catalogue could not be read.');
  }
}

export const config: Config = {
  path: '/api/health',
  method: ['GET'],
  rateLimit: { windowLimit: 120, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
