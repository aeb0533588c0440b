/**
 * A cancellation's first step as a task (`<orderId>/cancel-booking`, netlify/lib/tasks/runner.ts):
 * Delhivery's booking cancelled, once, whoever runs it (the request that asked, right after its
 * write; the reconciler after a failure). Its claim is the task row's; what came of it is written
 * on the order's cancellation by the engine's `cancel-step-settled` (src/shop/order-engine/cancel-events.ts).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { CancelStep, StoredOrder } from '#shop/order/index.ts';
import { stepOpen } from '#shop/order-engine/index.ts';
import { CANCEL_TIMEOUT_MS } from '../delhivery/cancel.ts';
import type { TaskKind, TaskOutcome } from '../tasks/runner.ts';
import type { OrderDeps } from './types.ts';

/**
 * How long a request waits for another's call to Delhivery before answering (and the step for a
 * booking in flight): longer than that call may take (it gives up after `CANCEL_TIMEOUT_MS`), polling the order.
 */
export const CANCEL_WAIT = { waitMs: CANCEL_TIMEOUT_MS + 2_000, pollMs: 50 };

type StepResult = { status: CancelStep['status']; lastError?: string };

/**
 * The order once its booking in flight has settled (booked or not), waiting as a request waits for
 * Delhivery's answer (CANCEL_WAIT): a parcel booked at the moment of the cancel is cancelled too.
 */
async function bookingSettled(deps: OrderDeps, order: StoredOrder): Promise<StoredOrder> {
  const until = performance.now() + CANCEL_WAIT.waitMs;
  let current = order;
  while (current.forwards.shipment.status === 'sending' && performance.now() < until) {
    await sleep(CANCEL_WAIT.pollMs);
    current = (await deps.log.get(order.orderId)) ?? current;
  }
  return current;
}

async function cancelBooking(deps: OrderDeps, claimed: StoredOrder): Promise<StepResult> {
  const order = await bookingSettled(deps, claimed);
  const shipment = order.forwards.shipment;
  if (shipment.status === 'sending') return { status: 'failed', lastError: 'the booking is still being made' };
  const waybill = shipment.status === 'done' ? shipment.waybill : undefined;
  if (!waybill) return { status: 'not-needed' };
  const answer = await deps.carrier.cancelShipment({ waybill, bookedAt: shipment.at ?? order.createdAt });
  if (answer.ok) return { status: 'done' };
  if (answer.tooLate) return { status: 'too-late', lastError: answer.message };
  return { status: 'failed', lastError: answer.message };
}

export const CANCEL_BOOKING_TASK: TaskKind = {
  windowFrom: 'first-attempt',
  async perform(deps, order): Promise<TaskOutcome> {
    const step = order.cancellation?.booking;
    // Settled meanwhile (another runner's late settle cannot land: its claim is gone), or never asked.
    if (!step || !stepOpen(step)) return { status: 'skipped' };
    const result = await cancelBooking(deps, order);
    if (result.status === 'failed') return { status: 'failed', error: result.lastError ?? 'failed' };
    // `why` always written: a row armed again keeps its last result, which must not speak for this one.
    return { status: 'done', result: { step: result.status, why: result.lastError ?? '' } };
  },
  settledEvent({ at, state, result, error }) {
    if (state === 'skipped') return undefined;
    if (state !== 'done')
      return { type: 'cancel-step-settled', at, step: 'booking', status: 'failed', lastError: error };
    const why = typeof result.why === 'string' && result.why !== '' ? result.why : undefined;
    return {
      type: 'cancel-step-settled',
      at,
      step: 'booking',
      status: result.step as CancelStep['status'],
      lastError: why,
    };
  },
};
