import { mkdtemp, readFile, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { hmacHex } from '../razorpay/signature.ts';
import { checkLabelLink, LABEL_LINK_SECONDS, labelLinkMaker, labelLinkSecret, labelUrl } from './link.ts';

const SECRET = 'label-test-secret';
const NOW = new Date('2026-11-21T10:00:00.000Z');
const LATER = new Date(NOW.getTime() + 60_000);

/** The link's parts, as the function reads them from its address. */
function partsOf(url: string) {
  const parsed = new URL(url);
  return {
    orderId: decodeURIComponent(parsed.pathname.split('/').at(-1) ?? ''),
    exp: parsed.searchParams.get('exp'),
    sig: parsed.searchParams.get('sig'),
  };
}

describe('labelUrl', () => {
  it('is /api/label/<orderId>?exp=<unix seconds>&sig=<hex HMAC-SHA256 of "label:<orderId>:<exp>">', () => {
    const url = labelUrl('https://shop.test/', 'OUO_1763719200000', LATER, SECRET);
    const exp = Math.floor(LATER.getTime() / 1000);
    expect(url).toBe(
      `https://shop.test/api/label/OUO_1763719200000?exp=${exp}&sig=${hmacHex(SECRET, `label:OUO_1763719200000:${exp}`)}`,
    );
  });

  it('opens its own label until it expires', () => {
    const parts = partsOf(labelUrl('https://shop.test', 'OUO_1763719200000', LATER, SECRET));
    expect(checkLabelLink(parts, SECRET, NOW)).toEqual({
      ok: true,
      expiresAt: new Date(Math.floor(LATER.getTime() / 1000) * 1000),
    });
  });
});

describe('checkLabelLink', () => {
  const good = partsOf(labelUrl('https://shop.test', 'OUO_1763719200000', LATER, SECRET));

  it('refuses a link once its time is up, and at the second it expires', () => {
    expect(checkLabelLink(good, SECRET, new Date(LATER.getTime() + 1000))).toEqual({ ok: false, reason: 'expired' });
    expect(checkLabelLink(good, SECRET, new Date(Number(good.exp) * 1000))).toEqual({ ok: false, reason: 'expired' });
  });

  it.each([
    ['another order id', { ...good, orderId: 'OUO_1763719200001' }],
    ['a later expiry', { ...good, exp: String(Number(good.exp) + 86_400) }],
    ['one changed hex digit', { ...good, sig: `${good.sig?.slice(0, -1)}${good.sig?.endsWith('0') ? '1' : '0'}` }],
    ['no signature', { ...good, sig: null }],
    ['no expiry', { ...good, exp: null }],
    ['an empty signature', { ...good, sig: '' }],
    ['a short signature', { ...good, sig: good.sig?.slice(0, 32) ?? '' }],
    ['upper-case hex', { ...good, sig: good.sig?.toUpperCase() ?? '' }],
    ['an expiry that is not digits', { ...good, exp: `${good.exp}.5` }],
  ])('refuses %s as invalid', (_name, parts) => {
    expect(checkLabelLink(parts, SECRET, NOW)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('refuses a link signed with another secret, even an expired one, as invalid (a made-up link learns nothing)', () => {
    const other = partsOf(labelUrl('https://shop.test', 'OUO_1763719200000', new Date(0), 'another-secret'));
    expect(checkLabelLink(other, SECRET, NOW)).toEqual({ ok: false, reason: 'invalid' });
    expect(
      checkLabelLink(
        { ...good, sig: partsOf(labelUrl('https://shop.test', 'OUO_1763719200000', LATER, 'x')).sig },
        SECRET,
        NOW,
      ),
    ).toEqual({ ok: false, reason: 'invalid' });
  });
});

describe('labelLinkSecret', () => {
  it('is LABEL_LINK_SECRET when set, in any context', () => {
    const env = { LABEL_LINK_SECRET: 's3cret', LABEL_LINK_SECRET_FILE: '/nonexistent/x' };
    expect(labelLinkSecret({ ...env, CONTEXT: 'production' })).toBe('s3cret');
    expect(labelLinkSecret({ ...env, CONTEXT: 'dev' })).toBe('s3cret');
  });

  it('is none in production without it: no link is made', () => {
    const env = { CONTEXT: 'production', LABEL_LINK_SECRET: undefined, LABEL_LINK_SECRET_FILE: '/nonexistent/x' };
    expect(labelLinkSecret(env)).toBeUndefined();
    expect(labelLinkMaker({ ...env, URL: 'https://shop.test' })('OUO_1763719200000')).toBeUndefined();
  });

  it('is made at random on first use elsewhere, kept in its file (owner only), and read back after', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'ouo-label-secret-'));
    const file = path.join(dir, 'nested', 'label-link.secret');
    const env = { CONTEXT: 'dev', LABEL_LINK_SECRET: undefined, LABEL_LINK_SECRET_FILE: file };
    const first = labelLinkSecret(env);
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect((await readFile(file, 'utf8')).trim()).toBe(first);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(labelLinkSecret(env)).toBe(first);
    const other = labelLinkSecret({ ...env, LABEL_LINK_SECRET_FILE: path.join(dir, 'other.secret') });
    expect(other).not.toBe(first);
  });
});

describe('labelLinkMaker', () => {
  it(`makes links that open for ${LABEL_LINK_SECONDS / 86_400} days from when they are made`, () => {
    const make = labelLinkMaker(
      { CONTEXT: 'production', LABEL_LINK_SECRET: SECRET, LABEL_LINK_SECRET_FILE: '', URL: 'https://shop.test' },
      () => NOW,
    );
    const parts = partsOf(make('OUO_1763719200000') ?? '');
    const day29 = new Date(NOW.getTime() + 29 * 86_400_000);
    const day31 = new Date(NOW.getTime() + 31 * 86_400_000);
    expect(checkLabelLink(parts, SECRET, day29).ok).toBe(true);
    expect(checkLabelLink(parts, SECRET, day31)).toEqual({ ok: false, reason: 'expired' });
  });

  it('makes no link, and says why, when the local secret cannot be written: the row is still written', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const aFile = path.join(await mkdtemp(path.join(tmpdir(), 'ouo-label-secret-')), 'file');
    await writeFile(aFile, '');
    const make = labelLinkMaker({
      CONTEXT: 'dev',
      LABEL_LINK_SECRET: undefined,
      LABEL_LINK_SECRET_FILE: path.join(aFile, 'under-a-file', 'label-link.secret'),
      URL: 'https://shop.test',
    });
    expect(make('OUO_1763719200000')).toBeUndefined();
    expect(warn).toHaveBeenCalledOnce();
    warn.mockRestore();
  });
});
