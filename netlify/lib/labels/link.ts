/**
 * The signed, expiring link to a parcel's label (docs/shop-rules.md §11, docs/security.md): the
 * Sheet's `Label` column holds it, and a label shows the customer's name, address and phone, so
 * an address that anyone could guess (`/api/label/OUO_…`) must open nothing. The link carries its
 * expiry and an HMAC-SHA256 of `label:<orderId>:<exp>` with the site's secret; the label function
 * refuses it missing, tampered or expired.
 */
import { timingSafeEqual } from 'node:crypto';
import type { ServerEnv } from '../platform/env.ts';
import { localGatewaySecret } from '../razorpay/local-gateway.ts';
import { hmacHex } from '../razorpay/signature.ts';

/**
 * How long a link opens its label. Long enough for every print a parcel needs (dispatch is within
 * two working days; a reprint for a torn label or a return comes within weeks) and for the Sheet's
 * link to keep working between the shop's rewrites of the row, which renew it; short enough that a
 * link copied out of the Sheet (a forwarded screenshot, a shared export) stops showing a
 * customer's address after a month.
 */
export const LABEL_LINK_DAYS = 30;
export const LABEL_LINK_SECONDS = LABEL_LINK_DAYS * 24 * 60 * 60;

const SIGNATURE = /^[0-9a-f]{64}$/;
const SECONDS = /^\d{1,12}$/;

const signature = (secret: string, orderId: string, exp: number) => hmacHex(secret, `label:${orderId}:${exp}`);

/** `{siteUrl}/api/label/{orderId}?exp={unix seconds}&sig={hex HMAC}`. */
export function labelUrl(siteUrl: string, orderId: string, expiresAt: Date, secret: string): string {
  const exp = Math.floor(expiresAt.getTime() / 1000);
  const query = new URLSearchParams({ exp: String(exp), sig: signature(secret, orderId, exp) });
  return `${siteUrl.replace(/\/+$/, '')}/api/label/${encodeURIComponent(orderId)}?${query}`;
}

/**
 * Why a link opens nothing: `invalid` (missing, malformed, or not signed by this site for this
 * order and expiry) or `expired` (signed by this site, past its time). An expired link is told
 * apart only once its signature holds, so a made-up one learns nothing.
 */
export type LinkCheck = { ok: true; expiresAt: Date } | { ok: false; reason: 'invalid' | 'expired' };

export function checkLabelLink(
  input: { orderId: string; exp: string | null; sig: string | null },
  secret: string,
  now: Date,
): LinkCheck {
  const { orderId, exp, sig } = input;
  if (!exp || !sig || !SECONDS.test(exp) || !SIGNATURE.test(sig)) return { ok: false, reason: 'invalid' };
  const seconds = Number(exp);
  const expected = Buffer.from(signature(secret, orderId, seconds), 'hex');
  if (!timingSafeEqual(expected, Buffer.from(sig, 'hex'))) return { ok: false, reason: 'invalid' };
  if (seconds * 1000 <= now.getTime()) return { ok: false, reason: 'expired' };
  return { ok: true, expiresAt: new Date(seconds * 1000) };
}

export type LabelLinkEnv = Pick<ServerEnv, 'CONTEXT' | 'LABEL_LINK_SECRET' | 'LABEL_LINK_SECRET_FILE'>;

/**
 * The secret labels are signed with: `LABEL_LINK_SECRET`; outside production without it, this
 * machine's own, made at random on first use into `LABEL_LINK_SECRET_FILE` (as the local test
 * gateway's), never a constant in the code. Undefined in production without it: no link is made
 * and the label function answers 503, never a link signed with something guessable.
 */
export function labelLinkSecret(env: LabelLinkEnv): string | undefined {
  if (env.LABEL_LINK_SECRET) return env.LABEL_LINK_SECRET;
  if (env.CONTEXT === 'production') return undefined;
  return localGatewaySecret(env.LABEL_LINK_SECRET_FILE);
}

/**
 * Makes a fresh link for an order, valid `LABEL_LINK_DAYS` from `now`; undefined where labels
 * cannot be signed (production without `LABEL_LINK_SECRET`, or a local secret file that cannot be
 * written): the Sheet's row is still written, without its link. The secret is read on first use.
 */
export function labelLinkMaker(env: LabelLinkEnv & Pick<ServerEnv, 'URL'>, now: () => Date = () => new Date()) {
  let secret: string | undefined | null = null;
  return (orderId: string): string | undefined => {
    if (secret === null) {
      try {
        secret = labelLinkSecret(env);
      } catch (error) {
        console.warn(`label links: no secret, so no Label link (${error instanceof Error ? error.message : error})`);
        secret = undefined;
      }
    }
    if (!secret) return undefined;
    return labelUrl(env.URL, orderId, new Date(now().getTime() + LABEL_LINK_SECONDS * 1000), secret);
  };
}
