/**
 * Forwarding an order to the staff's Sheet and booking its Delhivery shipment, each at most once
 * whoever asks first (browser, webhook, reconciler): each forward is claimed on the order record
 * before it is attempted, and its outcome settled there. docs/shop-rules.md §10.
 */
import { buildShipment } from '../../../src/shop/shipment.ts';
import type { ShipmentResult } from '../delhivery/client.ts';
import { canMove, type StoredOrder } from './order-log.ts';
import type { OrderDeps } from './types.ts';

/** A claim on a forward older than this is taken to belong to a worker that died. */
const STALE_CLAIM_MS = 5 * 60 * 1000;
type ForwardKind = 'sheet' | 'shipment';

/** Claims a forward so that only one worker performs it; false when someone else has it or it is done. */
async function claim(deps: OrderDeps, orderId: string, kind: ForwardKind): Promise<StoredOrder | undefined> {
  const now = deps.now();
  const { order, changed } = await deps.log.update(orderId, (current) => {
    const ready =
      current.mode === 'cod'
        ? current.status === 'pending'
        : current.status === 'paid' || current.status === 'forwarded';
    if (!ready) return undefined;
    const state = current.forwards[kind];
    if (state.status === 'done' || state.status === 'not-sent') return undefined;
    if (state.status === 'sending' && state.claimedAt && now.getTime() - Date.parse(state.claimedAt) < STALE_CLAIM_MS) {
      return undefined;
    }
    current.forwards[kind] = {
      ...state,
      status: 'sending',
      claimedAt: now.toISOString(),
      attempts: state.attempts + 1,
    };
    return current;
  });
  return changed ? order : undefined;
}

async function settle(deps: OrderDeps, orderId: string, kind: ForwardKind, outcome: Partial<StoreForward>) {
  await deps.log.update(orderId, (order) => {
    const at = deps.now().toISOString();
    const state = order.forwards[kind];
    order.forwards[kind] = { attempts: state.attempts, status: outcome.status ?? 'failed', at, ...outcome };
    delete order.forwards[kind].claimedAt;
    order.history.push({
      at,
      event: `${kind}: ${order.forwards[kind].status}${outcome.lastError ? ` (${outcome.lastError})` : ''}`,
    });
    const finished = (['sheet', 'shipment'] as const).every(
      (key) => order.forwards[key].status === 'done' || order.forwards[key].status === 'not-sent',
    );
    if (finished && canMove(order.status, 'forwarded')) order.status = 'forwarded';
    order.updatedAt = at;
    return order;
  });
}

type StoreForward = StoredOrder['forwards']['sheet'];

/**
 * Sends the order to the staff's Sheet and books the shipment, each at most once, recording each
 * outcome on the order. Failures stay on the order for the reconciler to retry; nothing is lost.
 */
export async function forwardOrder(deps: OrderDeps, orderId: string): Promise<StoredOrder> {
  // The shipment first, so the Sheet row can carry its waybill; a failed booking never holds the row back.
  const forShipment = await claim(deps, orderId, 'shipment');
  if (forShipment) {
    try {
      const settings = await deps.settings();
      const shipment = buildShipment(forShipment.record, forShipment.cart.weight);
      const result = await deps.carrier.createShipment({ shipment, pickupName: settings.pickup.name });
      await settle(deps, orderId, 'shipment', shipmentOutcome(result));
    } catch (error) {
      await settle(deps, orderId, 'shipment', { status: 'failed', lastError: (error as Error).message });
    }
  }
  const forSheet = await claim(deps, orderId, 'sheet');
  if (forSheet) {
    try {
      const result = await deps.sheets.appendOrder({
        ...forSheet.record,
        ...(forSheet.razorpay?.paymentId ? { paymentId: forSheet.razorpay.paymentId } : {}),
        ...(forSheet.forwards.shipment.waybill ? { waybill: forSheet.forwards.shipment.waybill } : {}),
        lines: forSheet.cart.lines,
      });
      await settle(
        deps,
        orderId,
        'sheet',
        result.ok ? { status: 'done' } : { status: 'failed', lastError: result.message },
      );
    } catch (error) {
      await settle(deps, orderId, 'sheet', { status: 'failed', lastError: (error as Error).message });
    }
  }
  const order = await deps.log.get(orderId);
  if (!order) throw new Error(`Order ${orderId} vanished from the log`);
  return order;
}

/** What a booking attempt means for the order, decided on the outcome's code, never its words. */
function shipmentOutcome(result: ShipmentResult): Partial<StoreForward> {
  if (result.ok) return { status: 'done', waybill: result.waybill };
  switch (result.code) {
    case 'DUPLICATE':
      // An earlier attempt was booked but its answer was lost: booking it again would double it.
      return { status: 'done', lastError: `Delhivery already has this order (${result.message})` };
    case 'NOT_CONFIGURED':
      return { status: 'not-sent', lastError: result.message };
    default:
      return { status: 'failed', lastError: result.message };
  }
}
