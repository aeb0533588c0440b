/**
 * The local test gateway: the same contract as Razorpay (order ids, payment ids and statuses, an
 * HMAC signature, refunds) with our own pay/fail dialog, so the same verification path runs in
 * development and tests. Never in production (`gateway.ts`). Its key secret is generated on first use and kept
 * in a file under `.data/` (never in the code), so a copy of the repository cannot sign a payment.
 *
 * Refunds behave as Razorpay documents them (refunds.ts): `pending` when made, `processed` when
 * asked about once `refundSettleMs` has passed (2 s by default, `LOCAL_GATEWAY_REFUND_SECONDS`);
 * never more than was captured in all (failed refunds do not count); idempotent by key (the same
 * key and request: the same refund; a different request: refused; while the first is still being
 * made: `UNREACHABLE`, Razorpay's 409). A payment refunded in full is `refunded`. The test rule: a
 * refund whose receipt or a note contains "fail" ends `failed` instead of `processed`.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { JsonStore } from '../platform/blobs.ts';
import { type Failure, failure, type Outcome } from '../platform/outcome.ts';
import type {
  GatewayOrder,
  GatewayPayment,
  GatewayRefund,
  PaymentGateway,
  RefundAnswer,
  RefundGateway,
  RefundRequest,
} from './gateway.ts';
import { refusedIdempotencyKey } from './refunds.ts';
import { paymentSignature } from './signature.ts';

export const LOCAL_KEY_ID = 'rzp_local_test';

/** This machine's local signing secret: read from `file`, or made at random and written there once. */
export function localGatewaySecret(file: string): string {
  try {
    return readFileSync(file, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const secret = randomBytes(32).toString('hex');
  mkdirSync(dirname(file), { recursive: true });
  try {
    writeFileSync(file, secret, { flag: 'wx', mode: 0o600 }); // create-only: two first uses agree
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return readFileSync(file, 'utf8').trim();
  }
}

type StoredGatewayOrder = GatewayOrder & { status: 'created' | 'attempted' | 'paid'; payments?: string[] };

const localId = (prefix: string) => `${prefix}_local${randomBytes(7).toString('hex')}`;
const ORDER_KEY = (id: string) => `gateway-order-${id}`;
const PAYMENT_KEY = (id: string) => `gateway-payment-${id}`;
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
/** Razorpay's smallest refund, ₹1 ("The amount must be at least INR 1.00"). */
const MIN_REFUND_PAISE = 100;
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

export interface LocalGatewayOptions {
  /** How long a refund stays `pending` before it is settled when asked about; default 2 seconds. */
  refundSettleMs?: number;
  /** Milliseconds since the epoch (tests move it). */
  now?: () => number;
}

const noSuchId = (): Failure => failure('REFUSED', 'The id provided does not exist');
const stillRunning = (key: string): Failure =>
  failure('UNREACHABLE', `A test refund with the key ${key} is still being made (Razorpay's 409); try again.`);

/** What makes two refund requests "the same request" for one idempotency key. */
function requestHash({ paymentId, amountPaise, receipt, notes }: RefundRequest): string {
  const sortedNotes = Object.entries(notes).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return createHash('sha256')
    .update(JSON.stringify([paymentId, amountPaise, 'normal', receipt, sortedNotes]))
    .digest('hex');
}

async function read<T>(store: JsonStore, key: string): Promise<T | undefined> {
  return ((await store.getWithMetadata(key, { type: 'json' }))?.data as T | undefined) ?? undefined;
}

export function localGateway(
  store: JsonStore,
  keyId: string,
  keySecret: string,
  options: LocalGatewayOptions = {},
): PaymentGateway & RefundGateway {
  const payment = async (paymentId: string) => {
    const found = await read<GatewayPayment>(store, PAYMENT_KEY(paymentId));
    return found ? { ok: true as const, payment: found } : failure('REFUSED', `No test payment ${paymentId}.`);
  };
  const refunds = localRefunds(store, options);
  return {
    ...refunds,
    kind: 'local',
    keyId,
    keySecret,
    webhookSecret: undefined,
    async createOrder({ amountPaise, receipt }) {
      const order: StoredGatewayOrder = {
        id: localId('order'),
        amountPaise,
        currency: 'INR',
        receipt,
        status: 'created',
      };
      await store.setJSON(ORDER_KEY(order.id), order, { onlyIfNew: true });
      return { id: order.id, amountPaise, currency: 'INR', receipt };
    },
    fetchPayment: payment,
    async capturePayment(paymentId, amountPaise) {
      const found = await payment(paymentId);
      if (!found.ok) return found;
      if (found.payment.status !== 'authorized' || found.payment.amountPaise !== amountPaise) {
        return failure('REFUSED', `Test payment ${paymentId} is ${found.payment.status}; it cannot be captured.`);
      }
      const captured = { ...found.payment, status: 'captured' };
      await store.setJSON(PAYMENT_KEY(paymentId), captured);
      return { ok: true, payment: captured };
    },
    async orderPayments(razorpayOrderId) {
      const order = await read<StoredGatewayOrder>(store, ORDER_KEY(razorpayOrderId));
      const payments = await Promise.all(
        (order?.payments ?? []).map((id) => read<GatewayPayment>(store, PAYMENT_KEY(id))),
      );
      return { ok: true, payments: payments.filter((found): found is GatewayPayment => found !== undefined) };
    },
  };
}

/** The local gateway's refunds (see the module's comment). */
function localRefunds(store: JsonStore, { refundSettleMs = 2000, now = Date.now }: LocalGatewayOptions): RefundGateway {
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
          answer: failure('REFUSED', 'Different request with the same idempotency key has already been processed.'),
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
    if (!Number.isInteger(amountPaise) || amountPaise < MIN_REFUND_PAISE) {
      return failure('REFUSED', 'The amount must be at least INR 1.00');
    }
    for (let attempt = 0; attempt < 8; attempt += 1) {
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
        return { ok: true, refund: made.refund };
      }
      await store.delete(REFUND_KEY(made.refund.id)); // lost the race: count again
    }
    return failure('UNREACHABLE', `Too many test refunds of ${paymentId} at once; try again.`);
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

export type LocalPaymentResult =
  | { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string }
  | { error: { code: string; description: string } };

/**
 * What the local test dialog's buttons do: the gateway's side of a payment. `success` is a
 * captured payment (Razorpay's auto-capture), `authorized` one still to be captured by the shop.
 */
export async function payLocally(
  store: JsonStore,
  keySecret: string,
  razorpayOrderId: string,
  outcome: 'success' | 'authorized' | 'failure',
): Promise<LocalPaymentResult | undefined> {
  if (!(await read<StoredGatewayOrder>(store, ORDER_KEY(razorpayOrderId)))) return undefined;
  const paymentId = localId('pay');
  const payment: GatewayPayment = {
    id: paymentId,
    orderId: razorpayOrderId,
    amountPaise: 0,
    currency: 'INR',
    status: outcome === 'success' ? 'captured' : outcome === 'authorized' ? 'authorized' : 'failed',
    ...(outcome === 'failure' ? { errorDescription: 'Your bank declined this test payment' } : {}),
  };
  // The order lists its payments (two tabs may pay at once: the write is retried on a lost race).
  for (let attempt = 0; attempt < 8; attempt += 1) {
    const entry = await store.getWithMetadata(ORDER_KEY(razorpayOrderId), { type: 'json' });
    const order = entry?.data as StoredGatewayOrder;
    payment.amountPaise = order.amountPaise;
    const next = {
      ...order,
      status: outcome === 'success' || order.status === 'paid' ? 'paid' : 'attempted',
      payments: [...(order.payments ?? []), paymentId],
    };
    if (entry?.etag && (await store.setJSON(ORDER_KEY(order.id), next, { onlyIfMatch: entry.etag })).modified) break;
  }
  await store.setJSON(PAYMENT_KEY(paymentId), payment, { onlyIfNew: true });
  if (outcome === 'failure') {
    return { error: { code: 'BAD_REQUEST_ERROR', description: 'Your bank declined this test payment' } };
  }
  return {
    razorpay_order_id: razorpayOrderId,
    razorpay_payment_id: paymentId,
    razorpay_signature: paymentSignature(razorpayOrderId, paymentId, keySecret),
  };
}
