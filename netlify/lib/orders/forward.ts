/**
 * Forwarding an order to the staff's Sheet, booking its Delhivery shipment and sending the
 * shopper's confirmation email, each at most once whoever asks first (browser, webhook,
 * reconciler): each forward is claimed on the order record before it is attempted, and its outcome
 * settled there. A failed forward is retried with back-off for a day, then left to staff as
 * `Needs attention`. The Sheet's rows follow the order's status: a later booking or a give-up
 * updates them (never a second set of rows). docs/shop-rules.md §10.
 */
import { createHash } from 'node:crypto';
import { codConfirmed } from '#shop/cod.ts';
import { buildShipment } from '#shop/shipment.ts';
import type { ShipmentResult } from '../delhivery/client.ts';
import { issueInvoice } from '../invoices/issue.ts';
import { documentUrl, invoiceCell } from '../invoices/links.ts';
import { orderEmail } from './email.ts';
import {
  canMove,
  type ForwardKind,
  type ForwardState,
  forwardOf,
  paysFirst,
  type StoredOrder,
  shipmentReference,
} from './order-record.ts';
import { sheetRefunds } from './refund-state.ts';
import { sheetPaymentStatus, staffStatusLabel } from './status.ts';
import type { OrderDeps } from './types.ts';
import { whatsappCost, whatsappSummary } from './whatsapp-summary.ts';

/** A claim on a forward older than this is taken to belong to a worker that died. */
const STALE_CLAIM_MS = 5 * 60 * 1000;
/** Retries stop this long after the first attempt; the order then needs staff's attention. */
export const RETRY_WINDOW_MS = 24 * 60 * 60 * 1000;
const FIRST_RETRY_MS = 15 * 60 * 1000;
const LONGEST_RETRY_MS = 4 * 60 * 60 * 1000;

/** 15 min, 30 min, 1 h, 2 h, then every 4 h: the reconciler runs every 15 minutes. */
export function retryDelayMs(attempts: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), LONGEST_RETRY_MS);
}

/** The forwards that make an order `forwarded` (staff and the carrier have it); the email does not hold it. */
const HANDED_OVER = ['sheet', 'shipment'] as const;
const isSettled = (state: ForwardState) =>
  state.status === 'done' || state.status === 'not-sent' || state.status === 'needs-attention';

/** Claims a forward so that only one worker performs it; undefined when someone else has it or it is done. */
async function claim(deps: OrderDeps, orderId: string, kind: ForwardKind): Promise<StoredOrder | undefined> {
  const now = deps.now();
  const { order, changed } = await deps.log.update(orderId, (current) => {
    const ready =
      current.status === 'forwarded' ||
      // A cancelled order's rows still follow it (its Status says Cancelled); nothing is booked (below).
      current.status === 'cancelled' ||
      // Paid first (prepaid, or a COD order's fee paid now): once paid; plain COD: as placed.
      (paysFirst(current) ? current.status === 'paid' : current.status === 'pending');
    if (!ready) return undefined;
    // A cancellation asked for before the booking: nothing is booked (cancel.ts).
    if (kind === 'shipment' && current.cancellation) return undefined;
    // A COD order ships only once the shopper (or staff, or the advance) confirmed it (rule 17).
    if (kind === 'shipment' && !codConfirmed(current.cod)) return undefined;
    // The invoice is issued when the goods leave: once booked, unless cancelled before they did.
    if (kind === 'invoice' && !invoiceDue(current)) return undefined;
    const state = forwardOf(current, kind);
    if (isSettled(state)) return undefined;
    const since = (at: string | undefined) => (at ? now.getTime() - Date.parse(at) : Number.POSITIVE_INFINITY);
    if (state.status === 'sending' && since(state.claimedAt) < STALE_CLAIM_MS) return undefined;
    if (state.status === 'failed' && since(state.nextAttemptAt) < 0) return undefined;
    current.forwards[kind] = {
      ...state,
      status: 'sending',
      claimedAt: now.toISOString(),
      firstAttemptAt: state.firstAttemptAt ?? now.toISOString(),
      attempts: state.attempts + 1,
    };
    return current;
  });
  return changed ? order : undefined;
}

type Settled = Pick<ForwardState, 'status' | 'lastError' | 'waybill' | 'syncedStatus' | 'syncedCells'>;

async function settle(deps: OrderDeps, orderId: string, kind: ForwardKind, outcome: Settled) {
  await deps.log.update(orderId, (order) => {
    const now = deps.now();
    const at = now.toISOString();
    const { claimedAt: _claimed, nextAttemptAt: _next, ...state } = forwardOf(order, kind);
    let next: ForwardState = { ...state, ...outcome, at };
    if (outcome.status === 'failed' && kind === 'invoice') {
      // An invoice is never given up on (the goods have left): it waits, most often for a rate in
      // the Studio, and is tried again on the reconciler's next run. Staff see why (status.ts).
      next = { ...next, nextAttemptAt: new Date(now.getTime() + FIRST_RETRY_MS).toISOString() };
    } else if (outcome.status === 'failed') {
      const firstAttempt = Date.parse(state.firstAttemptAt ?? at);
      next =
        now.getTime() - firstAttempt >= RETRY_WINDOW_MS
          ? { ...next, status: 'needs-attention' }
          : { ...next, nextAttemptAt: new Date(now.getTime() + retryDelayMs(state.attempts)).toISOString() };
    } else {
      delete next.firstAttemptAt;
    }
    order.forwards[kind] = next;
    order.history.push({ at, event: `${kind}: ${next.status}${next.lastError ? ` (${next.lastError})` : ''}` });
    resyncSheet(order);
    if (
      HANDED_OVER.every((key) => order.forwards[key].status === 'done' || order.forwards[key].status === 'not-sent')
    ) {
      if (canMove(order.status, 'forwarded')) order.status = 'forwarded';
    }
    order.updatedAt = at;
    return order;
  });
}

/** Claims one forward, performs it, and settles what came of it; a throw is a failure to retry. */
async function attempt(
  deps: OrderDeps,
  orderId: string,
  kind: ForwardKind,
  perform: (order: StoredOrder) => Promise<Settled>,
): Promise<void> {
  const claimed = await claim(deps, orderId, kind);
  if (!claimed) return;
  let outcome: Settled;
  try {
    outcome = await perform(claimed);
  } catch (error) {
    outcome = { status: 'failed', lastError: (error as Error).message };
  }
  await settle(deps, orderId, kind, outcome);
}

/**
 * What the order's rows show beyond its record: every updatable cell of the Orders tab but the
 * links (the Label's is signed afresh each time, deps.labelLink; the Invoice's follows the
 * number), all derived from the order log.
 */
export function sheetCells(order: StoredOrder) {
  return {
    paymentStatus: sheetPaymentStatus(order),
    ...(order.razorpay?.paymentId ? { paymentId: order.razorpay.paymentId } : {}),
    ...(order.forwards.shipment.waybill ? { waybill: order.forwards.shipment.waybill } : {}),
    ...sheetRefunds(order),
    status: staffStatusLabel(order),
    whatsapp: whatsappSummary(order),
    whatsappCost: whatsappCost(order),
    ...(order.invoice ? { invoice: invoiceCell(order) } : {}),
  };
}

/** A short fingerprint of `sheetCells`, kept on the Sheet's forward: the rows are rewritten only when it changes. */
export function sheetFingerprint(order: StoredOrder): string {
  return createHash('sha256')
    .update(JSON.stringify(sheetCells(order)))
    .digest('hex')
    .slice(0, 16);
}

/**
 * Rows already in the Sheet that show something older are written again (an update, not new
 * rows, by `syncSheetRows`): a replayed webhook that changes nothing they show writes nothing.
 */
export function resyncSheet(order: StoredOrder, options: { force?: boolean } = {}): void {
  const sheet = order.forwards.sheet;
  // Rows written before the fingerprint was kept are compared by their Status alone.
  const shown =
    sheet.syncedCells === undefined
      ? sheet.syncedStatus === staffStatusLabel(order)
      : sheet.syncedCells === sheetFingerprint(order);
  // `force`: a caller that knows a column changed (a staff action's Payment Status or Refunded).
  if (sheet.status !== 'done' || (!options.force && shown)) return;
  const { at: _at, ...rest } = sheet;
  order.forwards.sheet = { ...rest, status: 'pending' };
}

/**
 * Books the shipment, then writes the order's rows to the staff's Sheet (with its waybill and
 * status); meanwhile the shopper's confirmation email is sent. Each happens at most once, and each
 * outcome is recorded on the order. Failures stay on the order for the reconciler to retry; nothing
 * is lost.
 */
export async function forwardOrder(deps: OrderDeps, orderId: string): Promise<StoredOrder> {
  await Promise.all([
    // The shipment first, so the Sheet row can carry its waybill and the invoice taken at booking;
    // a failed booking or invoice never holds the row back.
    attempt(deps, orderId, 'shipment', bookShipment(deps))
      .then(() => attempt(deps, orderId, 'invoice', issueOrderInvoice(deps)))
      .then(() => attempt(deps, orderId, 'sheet', writeSheet(deps))),
    // The email waits for neither: it needs no waybill.
    attempt(deps, orderId, 'email', sendEmail(deps)),
  ]);
  // An email that gave up changes the Status the Sheet shows: the same rows are rewritten now.
  await attempt(deps, orderId, 'sheet', writeSheet(deps));
  const order = await deps.log.get(orderId);
  if (!order) throw new Error(`Order ${orderId} vanished from the log`);
  return order;
}

/** Writes the order's rows again when what they show has changed (the parcel moved): once, by its claim. */
export async function syncSheetRows(deps: OrderDeps, orderId: string): Promise<void> {
  await attempt(deps, orderId, 'sheet', writeSheet(deps));
}

const bookShipment = (deps: OrderDeps) => async (order: StoredOrder) => {
  const settings = await deps.settings();
  const shipment = { ...buildShipment(order.record, order.cart.weight, order.cod), order: shipmentReference(order) };
  return shipmentOutcome(await deps.carrier.createShipment({ shipment, pickupName: settings.pickup.name }));
};

/** Booked, and not cancelled before its parcel left (a cancellation too late to stop it lets it go on). */
const invoiceDue = (order: StoredOrder) =>
  order.forwards.shipment.status === 'done' &&
  (!order.cancellation || order.cancellation.booking.status === 'too-late');

const issueOrderInvoice =
  (deps: OrderDeps) =>
  async (order: StoredOrder): Promise<Settled> => {
    const result = await issueInvoice(deps, order);
    return result.ok ? { status: 'done' } : { status: 'failed', lastError: result.problem };
  };

const writeSheet =
  (deps: OrderDeps) =>
  async (order: StoredOrder): Promise<Settled> => {
    const cells = sheetCells(order);
    const result = await deps.sheets.upsertOrder({
      ...order.record,
      ...cells,
      ...(order.forwards.shipment.waybill ? { labelUrl: deps.labelLink?.(order.orderId) } : {}),
      ...(order.invoice ? { invoiceUrl: documentUrl(deps.siteUrl, order) } : {}),
      lines: order.cart.lines,
    });
    return result.ok
      ? { status: 'done', syncedStatus: cells.status, syncedCells: sheetFingerprint(order) }
      : { status: 'failed', lastError: result.message };
  };

const sendEmail =
  (deps: OrderDeps) =>
  async (order: StoredOrder): Promise<Settled> => {
    const { shop, whatHappensNext } = await deps.settings();
    const { subject, html } = orderEmail(order, shop, deps.siteUrl, whatHappensNext);
    const result = await deps.mail.sendOrderEmail({
      orderId: order.orderId,
      to: order.customer.email,
      subject,
      html,
      name: shop.name,
      replyTo: shop.email,
    });
    // DUPLICATE: an earlier attempt was sent but its answer was lost; sending again would be a second email.
    return result.ok || result.code === 'DUPLICATE'
      ? { status: 'done' }
      : { status: 'failed', lastError: result.message };
  };

/** What a booking attempt means for the order, decided on the outcome's code, never its words. */
function shipmentOutcome(result: ShipmentResult): Settled {
  if (result.ok) return { status: 'done', waybill: result.waybill };
  if (result.code === 'DUPLICATE') {
    // An earlier attempt was booked but its answer was lost: booking it again would double it.
    return { status: 'done', lastError: `Delhivery already has this order (${result.message})` };
  }
  // NOT_CONFIGURED only happens in production without a token: kept and retried until it is set.
  return { status: 'failed', lastError: result.message };
}
