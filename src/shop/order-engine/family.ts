/**
 * One family of an order's events (payment, COD, cancellation and refunds, parcel and tasks): what
 * each event does to the order, as a pure function of the order and the event (transition.ts).
 */
import type { StoredOrder } from '../order/index.ts';

/** Every event carries when it happened (ISO time): the history's time and the order's `updatedAt`. */
export interface EventBase {
  type: string;
  at: string;
}

/**
 * What an event does: the order as the event leaves it, or undefined when it changes nothing (a
 * replay, a step already taken, an event that came too late). `order` is a copy, the handler's to
 * change; it never does I/O.
 */
export type Handler<E> = (order: StoredOrder, event: E) => StoredOrder | undefined;

export interface Family<E extends EventBase> {
  handlers: { [T in E['type']]: Handler<Extract<E, { type: T }>> };
  /**
   * Events after which the Sheet's rows are written again even when no cell the fingerprint covers
   * changed (a staff action: the row shows what staff did, their Action cell cleared).
   */
  rewritesSheet?: readonly E['type'][];
}
