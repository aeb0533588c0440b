/**
 * The local test gateway's refunds, as Razorpay documents them (refunds.ts): `pending` when made,
 * `processed` once `refundSettleMs` has passed (2 s by default, `LOCAL_GATEWAY_REFUND_SECONDS`);
 * never more than was captured in all (failed refunds do not count); idempotent by key (the same
 * key and request: the same refund; a different request: refused; while the first is still being
 * made: `UNREACHABLE`, Razorpay's 409). A payment refunded in full is `refunded`. The test rule: a
 * refund whose receipt or a note contains "fail" ends `failed` instead of `processed`.
 *
 * As Razorpay, it tells the shop: once a refund settles, a signed `refund.processed` or
 * `refund.failed` event goes to the site's webhook (`webhook`, when given), so the webhook's path
 * runs in development too. A refund asked about before then settles when asked, as before; an
 * event that cannot be delivered is left to the reconciler, as a lost Razorpay event would be.
 */

import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { JsonStore } from '../platform/blobs.ts';
import { type Failure, failure, type Outcome } from '../platform/outcome.ts';
import type { GatewayPayment, GatewayRefund, RefundAnswer, RefundGateway, RefundRequest } from './gateway.ts';
import { localId, PAYMENT_KEY, read } from './local-store.ts';
import { localRefundEvent, RAZORPAY_REFUND_RULES } from './refund-shapes.ts';
import { refusedIdempotencyKey } from './refunds.ts';
import { hmacHex } from './signature.ts';

const REFUND_KEY = (id: string) => `gateway-refund-${id}`;
/** Ids of a payment's refunds, in the order they were made (written by compare-and-swap). */
const PAYMENT_REFUNDS_KEY = (paymentId: string) => `gateway-payment-refunds-${paymentId}`;
/** An idempotency key's claim: which request it was first used for, and the refund it made. */
const REFUND_CLAIM_KEY = (idempotencyKey: string) => `gateway-refund-key-${idempotencyKey}`;

/** Ids that may become part of a Blobs key (guardedStore refuses anything else, and throws). */
const PAYMENT_ID = /^pay_[A-Za-z0-9]+$/;
const REFUND_ID = /^rfnd_[A-Za-z0-9]+$/;
/** A claim with no refund after this long was left by a request that died; another may take it over. */
const STALE_CLAIM_MS = 30_000;
const FAILING_RULE = /fail/i;

interface StoredRefund {
  refund: GatewayRefund;
  idempotencyKey: string;
  madeAtMs: number;
  /** The test rule: this refund ends `failed`. */
  failing: boolean;
}
type RefundClaim = { requestHash: string; claimedAtMs: number; refundId?: string };
type PaymentRefunds = { ids: string[] };

export interface LocalRefundOptions {
  /** How long a refund stays `pending` before it settles; default 2 seconds. */
  refundSettleMs?: number;
  /** Milliseconds since the epoch (tests move it). */
  now?: () => number;
  /** Where and with what secret the settled refund's event is posted (the site's own webhook). */
  webhook?: { url: string; secret: string } | undefined;
}

const noSuchId = (): Failure => failure('REFUSED', RAZORPAY_REFUND_RULES.unknownId);
const stillRunning = (key: string): Failure =>
  failure('UNREACHABLE', `A test refund with the key ${key} is still being made (Razorpay's 409); try again.`);

/** What makes two refund requests "the same request" for one idempotency key. */
function requestHash({ paymentId, amountPaise, receipt, notes }: RefundRequest): string {
  const sortedNotes = Object.entries(notes).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return createHash('sha256')
    .update(JSON.stringify([paymentId, amountPaise, 'normal', receipt, sortedNotes]))
    .digest('hex');
}

/** The local gateway's refunds (see the module's comment). */
export function localRefunds(
  store: JsonStore,
  { refundSettleMs = 2000, now = Date.now, webhook }: LocalRefundOptions,
): RefundGateway {
  /** A refund as it stands now: a pending one settles once asked about after `refundSettleMs`. */
  async function current(refundId: string): Promise<StoredRefund | undefined> {
    const stored = await read<StoredRefund>(store, REFUND_KEY(refundId));
    if (stored?.refund.status !== 'pending' || now() - stored.madeAtMs < refundSettleMs) return stored;
    const settled: StoredRefund = {
      ...stored,
      refund: stored.failing
        ? { ...stored.refund, status: 'failed' }
        : { ...stored.refund, status: 'processed', speedProcessed: 'normal', arn: `LOCALARN${refundId.slice(-8)}` },
    };
    // The same settled record whoever writes it first, so two readers at once agree.
    await store.setJSON(REFUND_KEY(refundId), settled);
    if (stored.failing) await settlePaymentStatus(stored.refund.paymentId);
    return settled;
  }

  async function refundsOf(paymentId: string) {
    const entry = await store.getWithMetadata(PAYMENT_REFUNDS_KEY(paymentId), { type: 'json' });
    const ids = (entry?.data as PaymentRefunds | undefined)?.ids ?? [];
    const found = await Promise.all(ids.map(current));
    return { entry, ids, refunds: found.filter((refund): refund is StoredRefund => refund !== undefined) };
  }

  const refundedPaise = (refunds: StoredRefund[]) =>
    refunds.filter(({ refund }) => refund.status !== 'failed').reduce((sum, { refund }) => sum + refund.amountPaise, 0);

  /** As Razorpay: a payment refunded in full is `refunded`; a failed refund gives the money back to `captured`. */
  async function settlePaymentStatus(paymentId: string) {
    const paid = await read<GatewayPayment>(store, PAYMENT_KEY(paymentId));
    if (!paid || (paid.status !== 'captured' && paid.status !== 'refunded')) return;
    const status = refundedPaise((await refundsOf(paymentId)).refunds) >= paid.amountPaise ? 'refunded' : 'captured';
    if (status !== paid.status) await store.setJSON(PAYMENT_KEY(paymentId), { ...paid, status });
  }

  /**
   * The idempotency key claimed for this request (create-only), or what an earlier use of the key
   * answers: its refund, a refusal of a different request, or "still being made".
   */
  async function claim(
    request: RefundRequest,
    hash: string,
  ): Promise<{ ok: true } | { ok: false; answer: RefundAnswer }> {
    const key = REFUND_CLAIM_KEY(request.idempotencyKey);
    for (let attempt = 0; attempt < 8; attempt += 1) {
      const fresh: RefundClaim = { requestHash: hash, claimedAtMs: now() };
      if ((await store.setJSON(key, fresh, { onlyIfNew: true })).modified) return { ok: true };
      const entry = await store.getWithMetadata(key, { type: 'json' });
      const held = entry?.data as RefundClaim | undefined;
      if (!entry || !held) continue; // released by a refused request meanwhile
      if (held.requestHash !== hash) {
        return {
          ok: false,
          answer: failure('REFUSED', RAZORPAY_REFUND_RULES.keyReused),
        };
      }
      if (held.refundId) {
        const made = await current(held.refundId);
        return { ok: false, answer: made ? { ok: true, refund: made.refund } : stillRunning(request.idempotencyKey) };
      }
      if (now() - held.claimedAtMs < STALE_CLAIM_MS) return { ok: false, answer: stillRunning(request.idempotencyKey) };
      // Left by a request that died: take it over (makeRefund finds its refund, if it made one).
      if (entry.etag && (await store.setJSON(key, fresh, { onlyIfMatch: entry.etag })).modified) return { ok: true };
    }
    return { ok: false, answer: stillRunning(request.idempotencyKey) };
  }

  /** A new refund, if the payment was captured and has that much left; listed by compare-and-swap. */
  async function makeRefund(request: RefundRequest): Promise<RefundAnswer> {
    const { paymentId, amountPaise, receipt, notes, idempotencyKey } = request;
    const paid = await read<GatewayPayment>(store, PAYMENT_KEY(paymentId));
    if (!paid) return noSuchId();
    if (paid.status !== 'captured' && paid.status !== 'refunded') {
      return failure(
        'REFUSED',
        `The test payment ${paymentId} is ${paid.status}; only a captured payment can be refunded.`,
      );
    }
    if (!Number.isInteger(amountPaise) || amountPaise < RAZORPAY_REFUND_RULES.minRefundPaise) {
      return failure('REFUSED', RAZORPAY_REFUND_RULES.tooSmall);
    }
    // Razorpay takes any number of refunds of a payment at once; the stand-in lists them by
    // compare-and-swap, so a burst retries (with a little random wait) until each is listed.
    for (let attempt = 0; attempt < 64; attempt += 1) {
      if (attempt > 0) await sleep(Math.random() * 5 * Math.min(attempt, 10));
      const { entry, ids, refunds } = await refundsOf(paymentId);
      const earlier = refunds.find((stored) => stored.idempotencyKey === idempotencyKey);
      if (earlier) return { ok: true, refund: earlier.refund };
      const left = paid.amountPaise - refundedPaise(refunds);
      if (amountPaise > left) {
        return failure(
          'REFUSED',
          `The refund of ${amountPaise} paise is more than is left to refund of test payment ${paymentId} (${left} of ${paid.amountPaise} paise).`,
        );
      }
      const made: StoredRefund = {
        refund: {
          id: localId('rfnd'),
          paymentId,
          amountPaise,
          currency: 'INR',
          status: 'pending',
          createdAt: Math.floor(now() / 1000),
          receipt,
          notes,
        },
        idempotencyKey,
        madeAtMs: now(),
        failing: FAILING_RULE.test(receipt) || Object.values(notes).some((note) => FAILING_RULE.test(note)),
      };
      // The refund is written before it is listed, so whoever sees it listed can read it.
      await store.setJSON(REFUND_KEY(made.refund.id), made, { onlyIfNew: true });
      const listed = { ids: [...ids, made.refund.id] } satisfies PaymentRefunds;
      const written = entry?.etag
        ? await store.setJSON(PAYMENT_REFUNDS_KEY(paymentId), listed, { onlyIfMatch: entry.etag })
        : await store.setJSON(PAYMENT_REFUNDS_KEY(paymentId), listed, { onlyIfNew: true });
      if (written.modified) {
        await settlePaymentStatus(paymentId);
        announceWhenSettled(made.refund.id);
        return { ok: true, refund: made.refund };
      }
      await store.delete(REFUND_KEY(made.refund.id)); // lost the race: count again
    }
    return failure('UNREACHABLE', `Too many test refunds of ${paymentId} at once; try again.`);
  }

  /** Razorpay's `refund.processed` / `refund.failed`, signed, to the site's webhook once the refund settles. */
  function announceWhenSettled(refundId: string) {
    if (!webhook) return;
    const timer = setTimeout(() => void announce(refundId, webhook), refundSettleMs + 50);
    timer.unref?.(); // never what keeps a process (or a test run) alive
  }

  async function announce(refundId: string, to: { url: string; secret: string }) {
    try {
      const settled = await current(refundId);
      if (!settled || settled.refund.status === 'pending') return;
      const payment = await read<GatewayPayment>(store, PAYMENT_KEY(settled.refund.paymentId));
      const body = JSON.stringify(localRefundEvent(settled.refund, payment, now()));
      const answer = await fetch(to.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-razorpay-signature': hmacHex(to.secret, body),
          'x-razorpay-event-id': `evt_${refundId.slice('rfnd_'.length)}`,
        },
        body,
      });
      if (!answer.ok) throw new Error(`the webhook answered ${answer.status}`);
    } catch (error) {
      console.warn(
        `local gateway: the event of ${refundId} was not delivered (${(error as Error).message}); the reconciler settles it`,
      );
    }
  }

  return {
    async refundPayment(request) {
      const badKey = refusedIdempotencyKey(request.idempotencyKey);
      if (badKey) return badKey;
      if (!PAYMENT_ID.test(request.paymentId)) return noSuchId();
      const hash = requestHash(request);
      const claimed = await claim(request, hash);
      if (!claimed.ok) return claimed.answer;
      const made = await makeRefund(request);
      const key = REFUND_CLAIM_KEY(request.idempotencyKey);
      // A refused request leaves its key free, as if it had never been sent.
      if (!made.ok) await store.delete(key);
      else await store.setJSON(key, { requestHash: hash, claimedAtMs: now(), refundId: made.refund.id });
      return made;
    },
    async fetchRefund(paymentId, refundId) {
      if (!PAYMENT_ID.test(paymentId) || !REFUND_ID.test(refundId)) return noSuchId();
      const found = await current(refundId);
      return found?.refund.paymentId === paymentId ? { ok: true, refund: found.refund } : noSuchId();
    },
    async paymentRefunds(paymentId): Promise<Outcome<{ refunds: GatewayRefund[] }>> {
      if (!PAYMENT_ID.test(paymentId) || !(await read<GatewayPayment>(store, PAYMENT_KEY(paymentId))))
        return noSuchId();
      return { ok: true, refunds: (await refundsOf(paymentId)).refunds.map(({ refund }) => refund) };
    },
  };
}
