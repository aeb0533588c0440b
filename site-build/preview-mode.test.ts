import type { IncomingMessage, ServerResponse } from 'node:http';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../tests/support/msw.ts';
import { enableTarget, localRedirect, previewCookie, previewSwitches } from './preview-mode.ts';

/** Runs the switches on one request; what they answered, or 'next' when they passed it on. */
async function answer(url: string, env: Record<string, string | undefined> = {}) {
  const headers: Record<string, string> = {};
  let status = 0;
  let passed = false;
  await new Promise<void>((resolve) => {
    const response = {
      writeHead: (code: number, values: Record<string, string>) => {
        status = code;
        Object.assign(headers, values);
      },
      end: () => resolve(),
    } as unknown as ServerResponse;
    previewSwitches(env)({ url } as IncomingMessage, response, () => {
      passed = true;
      resolve();
    });
  });
  return { status, headers, passed };
}

describe('the preview switches (npm run dev)', () => {
  it('with the bundled dataset: enable sets the cookie and goes to the page; disable clears it', async () => {
    const on = await answer('/__preview/enable?redirect=%2Fproducts%2F3');
    expect(on).toMatchObject({ status: 307, headers: { Location: '/products/3', 'Set-Cookie': previewCookie(true) } });
    expect(previewCookie(true)).toMatch(/^ouo-preview=1; Path=\/; HttpOnly; SameSite=None; Secure$/);
    const off = await answer('/__preview/disable?redirect=/');
    expect(off).toMatchObject({ status: 307, headers: { Location: '/', 'Set-Cookie': previewCookie(false) } });
    expect(previewCookie(false)).toContain('Max-Age=0');
    expect((await answer('/products')).passed).toBe(true);
  });

  it('never sends the browser to another site', () => {
    expect(localRedirect('//evil.example/x')).toBe('/');
    expect(localRedirect('https://evil.example')).toBe('/');
    expect(localRedirect('/\\evil.example')).toBe('/');
    expect(localRedirect(null)).toBe('/');
    expect(localRedirect('/blog/1?x=1')).toBe('/blog/1?x=1');
  });

  it("with a Sanity project: only the Studio's valid one-time secret switches it on, never without a token", async () => {
    const env = { SANITY_PROJECT_ID: 'abc123', SANITY_DATASET: 'production' };
    expect(await enableTarget(new URL('http://localhost/__preview/enable?redirect=/'), env)).toBeUndefined();
    const refused = await answer('/__preview/enable?redirect=/', env);
    expect(refused.status).toBe(401);
    expect(refused.headers['Set-Cookie']).toBeUndefined();

    // The secret is looked up in the dataset with the token, as the Studio stored it (an hour at most).
    const tokens: (string | null)[] = [];
    server.use(
      http.get('https://abc123.api.sanity.io/*', ({ request }) => {
        tokens.push(request.headers.get('authorization'));
        const secret = new URL(request.url).searchParams.get('$secret');
        const stored = secret === '"studio-made-secret"';
        const document = {
          _id: 'sanity-preview-url-secret.1',
          _updatedAt: new Date().toISOString(),
          secret: 'studio-made-secret',
        };
        return HttpResponse.json({ result: { private: stored ? document : null, public: null }, ms: 1 });
      }),
    );
    const withToken = { ...env, SANITY_API_TOKEN: 'viewer-token' };
    const guessed = '/__preview/enable?sanity-preview-secret=guess&sanity-preview-pathname=%2Fblog%2F1';
    expect((await answer(guessed, withToken)).status).toBe(401);
    const studio = await answer(
      '/__preview/enable?sanity-preview-secret=studio-made-secret&sanity-preview-pathname=%2Fblog%2F1',
      withToken,
    );
    expect(studio).toMatchObject({ status: 307, headers: { Location: '/blog/1', 'Set-Cookie': previewCookie(true) } });
    expect(tokens).toContain('Bearer viewer-token');
  });
});
