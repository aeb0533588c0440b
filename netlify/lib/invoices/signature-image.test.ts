import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { watchWarnings } from '#tests/support/console.ts';
import { TINY_PNG_BASE64 } from '#tests/support/invoices.ts';
import { server } from '#tests/support/msw.ts';
import { imageDataUrl, signatureImages } from './signature-image.ts';

const PNG = Buffer.from(TINY_PNG_BASE64, 'base64');
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]);
const SITE = 'https://shop.example';

const warn = watchWarnings();

describe('imageDataUrl', () => {
  it('knows a PNG and a JPEG by their first bytes, and nothing else', () => {
    expect(imageDataUrl(PNG)).toBe(`data:image/png;base64,${PNG.toString('base64')}`);
    expect(imageDataUrl(JPEG)).toMatch(/^data:image\/jpeg;base64,/);
    expect(imageDataUrl(Buffer.from('<svg/>'))).toBeUndefined();
  });
});

describe('signatureImages', () => {
  it('fetches an https image once, and keeps it for the process', async () => {
    let asked = 0;
    server.use(
      http.get('https://cdn.example/sign.png', () => {
        asked += 1;
        return new HttpResponse(PNG, { headers: { 'content-type': 'text/plain' } });
      }),
    );
    const load = signatureImages();
    expect(await load('https://cdn.example/sign.png', SITE)).toBe(imageDataUrl(PNG));
    expect(await load('https://cdn.example/sign.png', SITE)).toBe(imageDataUrl(PNG));
    expect(asked).toBe(1);
  });

  it('reads a path as the site’s own file', async () => {
    server.use(http.get(`${SITE}/media/sign.jpg`, () => new HttpResponse(JPEG)));
    expect(await signatureImages()('/media/sign.jpg', SITE)).toMatch(/^data:image\/jpeg;base64,/);
  });

  it.each([
    ['an http address elsewhere', 'http://cdn.example/sign.png', 'is not https'],
    ['a missing image', 'https://cdn.example/gone.png', 'answered 404'],
    ['what is not a PNG or a JPEG', 'https://cdn.example/sign.svg', 'is not a PNG or a JPEG'],
    ['an image over 512 KB', 'https://cdn.example/huge.png', 'more than 524288'],
  ])('gives none for %s, with a warning', async (_case, address, why) => {
    server.use(
      http.get('https://cdn.example/gone.png', () => new HttpResponse(null, { status: 404 })),
      http.get('https://cdn.example/sign.svg', () => new HttpResponse('<svg/>')),
      http.get('https://cdn.example/huge.png', () => new HttpResponse(Buffer.concat([PNG, Buffer.alloc(600_000)]))),
    );
    expect(await signatureImages()(address, SITE)).toBeUndefined();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining(why));
  });

  it('gives none for an address that cannot be read', async () => {
    const load = signatureImages(() => Promise.reject('offline'));
    expect(await load('https://cdn.example/sign.png', SITE)).toBeUndefined();
    expect(warn).toHaveBeenCalledWith('invoice: the signature image https://cdn.example/sign.png offline');
  });
});
