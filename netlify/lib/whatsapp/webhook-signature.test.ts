/** Meta's webhook signature and subscription handshake. */
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signWebhookBody, verifyHandshake, verifyWebhookSignature } from './webhook-signature.ts';

const SECRET = 'app-secret-for-tests';
// Meta signs the body as it sent it: non-ASCII escaped as \uXXXX (whatsapp-api-js `escapeUnicode`).
const RAW =
  '{"object":"whatsapp_business_account","entry":[{"changes":[{"value":{"contacts":[{"profile":{"name":"\\u0906\\u0936\\u093e"}}]}}]}]}';
const hmac = (body: string, secret = SECRET) => createHmac('sha256', secret).update(body).digest('hex');

describe('verifyWebhookSignature', () => {
  it('accepts the HMAC-SHA256 of the raw body with the app secret, in either case, as text or bytes', () => {
    expect(signWebhookBody(RAW, SECRET)).toBe(`sha256=${hmac(RAW)}`);
    expect(verifyWebhookSignature(RAW, `sha256=${hmac(RAW)}`, SECRET)).toEqual({ ok: true });
    expect(verifyWebhookSignature(RAW, `sha256=${hmac(RAW).toUpperCase()}`, SECRET)).toEqual({ ok: true });
    expect(verifyWebhookSignature(new TextEncoder().encode(RAW), signWebhookBody(RAW, SECRET), SECRET)).toEqual({
      ok: true,
    });
  });

  it('refuses a signature of another body, another secret, or the body re-serialised', () => {
    const mismatch = { ok: false, reason: 'mismatch' };
    expect(verifyWebhookSignature(RAW, `sha256=${hmac(`${RAW} `)}`, SECRET)).toEqual(mismatch);
    expect(verifyWebhookSignature(RAW, `sha256=${hmac(RAW, 'another secret')}`, SECRET)).toEqual(mismatch);
    const reserialised = JSON.stringify(JSON.parse(RAW));
    expect(verifyWebhookSignature(RAW, signWebhookBody(reserialised, SECRET), SECRET)).toEqual(mismatch);
  });

  it('refuses a missing header (Meta’s sample only warns) and a malformed one of any length', () => {
    expect(verifyWebhookSignature(RAW, null, SECRET)).toEqual({ ok: false, reason: 'missing' });
    expect(verifyWebhookSignature(RAW, undefined, SECRET)).toEqual({ ok: false, reason: 'missing' });
    expect(verifyWebhookSignature(RAW, '', SECRET)).toEqual({ ok: false, reason: 'missing' });
    const good = hmac(RAW);
    for (const header of [
      good, // no `sha256=`
      `sha1=${good}`,
      `sha256=${good.slice(0, 63)}`, // one digit short
      `sha256=${good}0`, // one digit long
      `sha256=${good.slice(0, 62)}zz`,
      `sha256=${good.slice(0, 32)}`,
      'sha256=',
    ]) {
      expect(verifyWebhookSignature(RAW, header, SECRET)).toEqual({ ok: false, reason: 'malformed' });
    }
  });

  it('verifies nothing with an empty secret', () => {
    expect(verifyWebhookSignature(RAW, `sha256=${hmac(RAW, '')}`, '')).toEqual({ ok: false, reason: 'malformed' });
  });
});

describe('verifyHandshake', () => {
  const query = (mode: string, token: string, challenge = '1158201444') =>
    new URLSearchParams({ 'hub.mode': mode, 'hub.verify_token': token, 'hub.challenge': challenge });

  it('answers the challenge as it came when the mode is subscribe and the token is ours', () => {
    expect(verifyHandshake(query('subscribe', 'our-token'), 'our-token')).toEqual({ status: 200, body: '1158201444' });
  });

  it('answers 403 to another token, another mode, no challenge, no parameters, or an unset token', () => {
    const forbidden = { status: 403, body: 'Forbidden' };
    expect(verifyHandshake(query('subscribe', 'their-token'), 'our-token')).toEqual(forbidden);
    expect(verifyHandshake(query('subscribe', 'our-tokeñ'), 'our-token')).toEqual(forbidden);
    expect(verifyHandshake(query('unsubscribe', 'our-token'), 'our-token')).toEqual(forbidden);
    expect(verifyHandshake(query('subscribe', 'our-token', ''), 'our-token')).toEqual(forbidden);
    expect(verifyHandshake(new URLSearchParams(), 'our-token')).toEqual(forbidden);
    expect(verifyHandshake(query('subscribe', ''), '')).toEqual(forbidden);
  });
});
