/**
 * The order's one engine (issue 47, decision 031): `transition(order, event)` is every change an
 * order goes through, pure, in the shop core. Each writer (a request, a webhook, the runner, the
 * sweep) says what happened as an event; the order log applies it in one write with its history
 * rows and the tasks it earned (netlify/lib/orders/order-log.ts `apply`).
 *
 * Earned here, once, never remembered by a writer:
 * - the Sheet's rows: written again whenever a cell they show changed (sheet-row.ts);
 * - the tasks: each forward asked for anew and each notice added (`earnedTasks`), which the log
 *   writes as task rows beside the order (netlify/lib/tasks/order-tasks.ts).
 * The states, the Sheet's Status words and every text stay those of docs/shop-rules.md.
 */
import { ASK_AFTER_MS, awaitingConfirmation, CALL_AFTER_MS, REMIND_AFTER_MS } from '../cod/index.ts';
import { FORWARD_KINDS, forwardOf, paysFirst, type StoredOrder } from '../order/index.ts';
import { CANCEL_EVENTS, type CancelEvent, cancelWork } from './cancel-events.ts';
import { COD_EVENTS, type CodEvent } from './cod-events.ts';
import { EMAIL_EVENTS, type EmailEvent } from './email-events.ts';
import type { EventBase, Family, Handler } from './family.ts';
import { PARCEL_EVENTS, type ParcelEvent } from './parcel-events.ts';
import { PAYMENT_EVENTS, type PaymentEvent, PENDING_PAYMENT_TIMEOUT_MS } from './payment-events.ts';
import { REFUND_EVENTS, type RefundEvent } from './refund-events.ts';
import { resyncSheet } from './sheet-row.ts';
import { STAFF_EVENTS, type StaffEvent } from './staff-events.ts';
import {
  cancelBookingKey,
  cancelFinishKey,
  codChaseKey,
  forwardKey,
  noticeTaskKey,
  paymentCheckKey,
  refundTaskKey,
} from './task-keys.ts';

const CHASE_STEPS = [
  ['asked', ASK_AFTER_MS],
  ['reminded', REMIND_AFTER_MS],
  ['call', CALL_AFTER_MS],
] as const;

export type OrderChangeEvent =
  | PaymentEvent
  | CodEvent
  | CancelEvent
  | RefundEvent
  | StaffEvent
  | ParcelEvent
  | EmailEvent;

/** A task the change earned: a forward asked for (again), a notice added, a cancellation's booking step, a refund to ask. */
export interface EarnedTask {
  key: string;
  kind: string;
  /** Not before this time (a COD order's chase steps); absent, due at once. */
  runAt?: string;
}

export interface Transition {
  order: StoredOrder;
  changed: boolean;
  tasks: EarnedTask[];
}

const FAMILIES = [
  PAYMENT_EVENTS,
  COD_EVENTS,
  CANCEL_EVENTS,
  REFUND_EVENTS,
  STAFF_EVENTS,
  PARCEL_EVENTS,
  EMAIL_EVENTS,
] as Family<EventBase>[];
const HANDLERS: Record<string, Handler<EventBase>> = Object.assign({}, ...FAMILIES.map((family) => family.handlers));
const REWRITES_SHEET = new Set(FAMILIES.flatMap((family) => family.rewritesSheet ?? []));

export function transition(order: StoredOrder, event: OrderChangeEvent): Transition {
  const { type } = event as EventBase;
  const handler = HANDLERS[type];
  if (!handler) throw new Error(`No transition for the order event "${type}".`);
  const next = handler(structuredClone(order), event as EventBase);
  if (!next) return { order, changed: false, tasks: [] };
  resyncSheet(next, { force: REWRITES_SHEET.has(type) });
  next.updatedAt = (event as EventBase).at;
  return { order: next, changed: true, tasks: earnedTasks(order, next) };
}

/** The forwards asked for (again), the notices added and the steps earned by a change from `before` to `after`. */
export function earnedTasks(before: StoredOrder, after: StoredOrder): EarnedTask[] {
  const tasks: EarnedTask[] = [];
  for (const kind of FORWARD_KINDS) {
    const wanted = after.forwards[kind];
    if (wanted?.status === 'pending' && (!before.forwards[kind] || forwardOf(before, kind).status !== 'pending'))
      tasks.push({ key: forwardKey(after, kind), kind });
  }
  for (const key of Object.keys(after.notices ?? {}))
    if (!before.notices?.[key]) tasks.push({ key: noticeTaskKey(after.orderId, key), kind: 'notice' });
  return [...tasks, ...earnedSteps(before, after)];
}

/**
 * The steps a change earns that are not forwards or notices: an order paid first checked with
 * Razorpay 15 minutes after it was placed; the cancellation's booking step when it becomes due
 * (asked, or a booking that landed after the cancellation), and what is left of it each time that
 * changes (`cancelWork`); a COD order's chase; a refund to ask of Razorpay for each new `requested`
 * one (a refund staff made by hand is never asked). An order written whole (`before` undefined: placed, or
 * moved from Blobs) earns every step its record shows still open, a refund Razorpay has not settled among them.
 */
export function earnedSteps(before: StoredOrder | undefined, after: StoredOrder): EarnedTask[] {
  const tasks: EarnedTask[] = [];
  if (paysFirst(after) && after.status === 'pending' && before?.status !== 'pending') {
    const due = Date.parse(after.createdAt) + PENDING_PAYMENT_TIMEOUT_MS;
    tasks.push({ key: paymentCheckKey(after.orderId), kind: 'payment-check', runAt: new Date(due).toISOString() });
  }
  if (after.cancellation?.booking.status === 'pending' && before?.cancellation?.booking.status !== 'pending')
    tasks.push({ key: cancelBookingKey(after.orderId), kind: 'cancel-booking' });
  const work = cancelWork(after);
  if (work && work !== cancelWork(before)) tasks.push({ key: cancelFinishKey(after.orderId), kind: 'cancel-finish' });
  // A COD order awaiting its shopper's yes is chased at 15 minutes, 24 hours and 48 hours from
  // when it was placed (docs/shop-rules.md §10 rule 17): each step a task due then, earned once.
  if (awaitingConfirmation(after.cod) && !awaitingConfirmation(before?.cod)) {
    const placed = Date.parse(after.createdAt);
    for (const [step, afterMs] of CHASE_STEPS)
      tasks.push({
        key: codChaseKey(after.orderId, step),
        kind: 'cod-chase',
        runAt: new Date(placed + afterMs).toISOString(),
      });
  }
  const known = new Set((before?.issuedRefunds ?? []).map((refund) => refund.key));
  const open = before ? ['requested'] : ['requested', 'pending'];
  for (const refund of after.issuedRefunds ?? [])
    if (!refund.manual && open.includes(refund.status) && !known.has(refund.key))
      tasks.push({ key: refundTaskKey(after.orderId, refund.key), kind: 'refund' });
  return tasks;
}
