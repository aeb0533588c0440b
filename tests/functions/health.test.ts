import { describe, expect, it, vi } from 'vitest';
import health, { config } from '../../netlify/functions/health.mts';
import * as contentModule from '../../src/content/content.server.ts';

describe('GET /api/health', () => {
  it('reports the content source and the catalogue size', async () => {
    const response = await health(new Request('http://localhost/api/health'));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true, content: 'bundled', products: 6 });
    expect(config.path).toBe('/api/health');
  });

  it('refuses other methods', async () => {
    const response = await health(new Request('http://localhost/api/health', { method: 'POST' }));
    expect(response.status).toBe(405);
  });

  it('answers 503 in the error envelope when the catalogue cannot be read', async () => {
    const failing = contentModule.createContent({ kind: 'sanity', fetch: () => Promise.reject(new Error('offline')) });
    const spy = vi.spyOn(contentModule, 'content').mockReturnValue(failing);
    const response = await health(new Request('http://localhost/api/health'));
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ error: { code: 'CONTENT_UNAVAILABLE' } });
    expect(vi.mocked(console.error)).toHaveBeenCalledOnce();
    vi.mocked(console.error).mockClear();
    spy.mockRestore();
  });
});
