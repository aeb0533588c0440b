/**
 * The order's events of cash on delivery and of the shopper's WhatsApp (transition.ts): a
 * confirmation received (WhatsApp, staff; cod-confirmation.ts), the reconciler's chase of an
 * unconfirmed order, Meta's status of a message the shop sent, a tap on `delivery_failed`'s quick
 * replies and Delhivery's answer to the re-attempt it asked for.
 */
import {
  ASK_AFTER_MS,
  awaitingConfirmation,
  CALL_AFTER_MS,
  confirmationLocked,
  REMIND_AFTER_MS,
} from '../cod/index.ts';
import type { NoticeState, StoredOrder } from '../order/index.ts';
import { phoneDigits } from '../parcel/index.ts';
import { type CodConfirmationReceived, receiveConfirmation } from './cod-confirmation.ts';
import type { Family } from './family.ts';
import { enqueueOrderNotice } from './notices.ts';

export type CodEvent =
  | CodConfirmationReceived
  /** The reconciler's run came by an order, at `at`: the chase step due then, if any, is taken. */
  | { type: 'cod-confirmation-chased'; at: string }
  /** Meta reported `delivery` for the message of the notice `key`; `at` is when the shop heard it. */
  | { type: 'whatsapp-status-reported'; at: string; key: string; delivery: NonNullable<NoticeState['delivery']> }
  /** A tap on `delivery_failed`'s quick replies (`NDR_<CHOICE>`), from `phone`, sent at `sentAt`. */
  | { type: 'whatsapp-reply-received'; at: string; choice: string; phone: string; sentAt: string; messageId: string }
  /** Delhivery's answer (`ndr`) to the re-attempt the reply of `messageId` asked for. */
  | { type: 'reattempt-answered'; at: string; messageId: string; ndr: string };

export type ChaseStep = 'asked' | 'reminded' | 'staff to call';

/** Where each chase step is kept on the confirmation (`chased`). */
export const CHASED_FIELD = { asked: 'template', reminded: 'reminder', 'staff to call': 'call' } as const;

/** The step due for this order now, if any (each taken once, in order). */
function dueStep(order: StoredOrder, now: number): ChaseStep | undefined {
  const chased = order.cod?.confirmation?.chased ?? {};
  const age = now - Date.parse(order.createdAt);
  if (age >= CALL_AFTER_MS) return chased.call ? undefined : 'staff to call';
  if (age >= REMIND_AFTER_MS && !chased.reminder) return 'reminded';
  if (age >= ASK_AFTER_MS && !chased.template && !chased.reminder) return 'asked';
  return undefined;
}

/** The chase step a `cod-confirmation-chased` at `at` took on the order it left, if any. */
export function chaseTaken(order: StoredOrder, at: string): ChaseStep | undefined {
  const chased = order.cod?.confirmation?.chased ?? {};
  return (Object.keys(CHASED_FIELD) as ChaseStep[]).find((step) => chased[CHASED_FIELD[step]] === at);
}

/**
 * A COD order its shopper has not confirmed yet is chased, once per step (docs/shop-rules.md §10
 * rule 17): after 15 minutes the `cod_confirm` template (to a shopper who agreed to WhatsApp),
 * after 24 hours one reminder, after 48 hours staff are asked to call (`Needs attention: not
 * confirmed`). Each step is written with the notice it earns, so two runs at once chase once.
 */
function chase(order: StoredOrder, event: { at: string }): StoredOrder | undefined {
  const confirmation = order.cod?.confirmation;
  // Locked by wrong codes: staff call already, and a `cod_confirm` Confirm button would be refused.
  if (!confirmation || !awaitingConfirmation(order.cod) || confirmationLocked(order.cod) || order.cancellation)
    return undefined;
  const taken = dueStep(order, Date.parse(event.at));
  if (!taken) return undefined;
  const { at } = event;
  confirmation.chased = { ...confirmation.chased, [CHASED_FIELD[taken]]: at };
  if (taken === 'asked') enqueueOrderNotice(order, 'cod-confirm', at);
  if (taken === 'reminded') enqueueOrderNotice(order, 'cod-confirm', at, 'cod-confirm-reminder');
  const told = order.whatsapp?.consent ? 'on WhatsApp' : 'no WhatsApp consent: nothing sent';
  order.history.push({
    at,
    event:
      taken === 'staff to call'
        ? 'COD not confirmed in 48 hours: staff to call'
        : `COD confirmation ${taken} (${told})`,
  });
  return order;
}

/** A status only moves forward: a late `sent` after `read` changes nothing (docs/shop-rules.md §10 rule 16). */
const STATUS_RANK: Record<string, number> = { sent: 1, delivered: 2, read: 3, played: 3, failed: 4 };

/** Meta's status of a message the shop sent, kept on its notice (the Sheet's WhatsApp column shows it). */
function recordStatus(
  order: StoredOrder,
  event: Extract<CodEvent, { type: 'whatsapp-status-reported' }>,
): StoredOrder | undefined {
  const notice = order.notices?.[event.key];
  if (!notice) return undefined;
  if ((STATUS_RANK[notice.delivery?.status ?? ''] ?? 0) >= (STATUS_RANK[event.delivery.status] ?? 0)) return undefined;
  (order.notices as Record<string, NoticeState>)[event.key] = { ...notice, delivery: event.delivery };
  order.history.push({ at: event.at, event: `${event.key}: WhatsApp says ${event.delivery.status}` });
  return order;
}

/**
 * A tap on `delivery_failed`'s quick replies, kept on the order for staff once per message, and
 * only when it comes from the order's own phone (rule 17's phone record).
 */
function recordReply(
  order: StoredOrder,
  event: Extract<CodEvent, { type: 'whatsapp-reply-received' }>,
): StoredOrder | undefined {
  if (phoneDigits(order.customer.phone) !== event.phone) return undefined;
  const replies = order.whatsapp?.replies ?? [];
  if (replies.some((known) => known.messageId === event.messageId)) return undefined;
  const choice = event.choice.toLowerCase().replace(/_/g, '-');
  order.whatsapp = {
    ...order.whatsapp,
    replies: [...replies, { choice, at: event.sentAt, messageId: event.messageId }],
  };
  order.history.push({ at: event.at, event: `WhatsApp reply: ${choice}` });
  return order;
}

/** Delhivery's answer to a reply's re-attempt, kept on the reply, once. */
function recordReattempt(
  order: StoredOrder,
  event: Extract<CodEvent, { type: 'reattempt-answered' }>,
): StoredOrder | undefined {
  const replies = order.whatsapp?.replies ?? [];
  const index = replies.findIndex((known) => known.messageId === event.messageId);
  if (index < 0 || replies[index]?.ndr) return undefined;
  order.whatsapp = {
    ...order.whatsapp,
    replies: replies.map((known, at) => (at === index ? { ...known, ndr: event.ndr } : known)),
  };
  order.history.push({ at: event.at, event: `Delhivery: ${event.ndr}` });
  return order;
}

export const COD_EVENTS: Family<CodEvent> = {
  handlers: {
    'cod-confirmation-received': receiveConfirmation,
    'cod-confirmation-chased': chase,
    'whatsapp-status-reported': recordStatus,
    'whatsapp-reply-received': recordReply,
    'reattempt-answered': recordReattempt,
  },
};
