/**
 * What the Orders tab shows of an order's WhatsApp messages (issue 33 §5–6; docs/staff-guide.md,
 * "Order updates on WhatsApp"), derived from the order log alone so it can never disagree with it:
 *
 * - `WhatsApp`: `off` (the shopper did not tick the box) or `off (STOP)` (a message was not sent
 *   because the phone replied STOP); otherwise the newest message, `<event>: <state>` —
 *   `shipped: read`, `placed: waiting`, `out for delivery: retrying (…)`, `delivery failed: not
 *   sent (131026 Message undeliverable), email sent` — then the shopper's newest quick reply,
 *   `reply: deliver tomorrow, re-attempt queued (UPL1)`, after a `; `.
 * - `WhatsApp Cost`: the messages Meta priced, by its `pricing.category`, and how many of them
 *   are billed (pricing type `regular`; `free_customer_service` and `free_entry_point` are free):
 *   `utility 3 (billed 3)`. Empty while no message was priced.
 */

import type { NoticeState, StoredOrder } from '../order/index.ts';
import { STOPPED } from '../whatsapp.ts';

type WithMessages = Pick<StoredOrder, 'forwards'> & Partial<Pick<StoredOrder, 'whatsapp' | 'notices'>>;

/** A reason kept to what a cell can show: Meta's code and words when it gave them, cut at 60 characters. */
const REASON_LENGTH = 60;

function shortReason(reason: string | undefined): string {
  const text =
    reason
      ?.match(/\(#(\d+)\)\s*(.*)$/)
      ?.slice(1)
      .join(' ')
      .trim() ||
    (reason ?? 'no reason given');
  return text.length > REASON_LENGTH ? `${text.slice(0, REASON_LENGTH - 1)}…` : text;
}

/** The WhatsApp notices, oldest first (the log keeps them in the order they were earned). */
function whatsappNotices(order: WithMessages): [string, NoticeState][] {
  return Object.entries(order.notices ?? {}).filter(([, state]) => state.channel === 'whatsapp');
}

/** Did the same news reach the shopper by email? `placed`'s email is the confirmation forward. */
function emailSent(order: WithMessages, key: string, state: NoticeState): boolean {
  if (state.event === 'placed') return order.forwards.email?.status === 'done';
  return order.notices?.[`email:${key.slice(key.indexOf(':') + 1)}`]?.status === 'sent';
}

function messageState(order: WithMessages, key: string, state: NoticeState): string {
  const fallback = emailSent(order, key, state) ? ', email sent' : '';
  if (state.status === 'gave-up') return `not sent (${shortReason(state.lastError)})${fallback}`;
  if (state.status === 'failed') return `retrying (${shortReason(state.lastError)})`;
  if (state.status !== 'sent') return 'waiting';
  if (state.delivery?.status === 'failed') return `failed (${shortReason(state.delivery.error)})${fallback}`;
  // `played` is Meta's `read` for a voice message: none of ours is one.
  return state.delivery?.status === 'played' ? 'read' : (state.delivery?.status ?? 'sent');
}

/** The newest message (skipped ones never went: a parcel that had moved on). */
function newestMessage(order: WithMessages): string {
  let newest: [string, NoticeState] | undefined;
  for (const entry of whatsappNotices(order)) {
    if (entry[1].status === 'skipped') continue;
    // Of two earned at once, the later written is the newer.
    if (!newest || Date.parse(entry[1].createdAt) >= Date.parse(newest[1].createdAt)) newest = entry;
  }
  if (!newest) return 'on';
  const [key, state] = newest;
  if (state.status === 'gave-up' && state.lastError === STOPPED) return 'off (STOP)';
  return `${state.event.replace(/-/g, ' ')}: ${messageState(order, key, state)}`;
}

function newestReply(order: WithMessages): string | undefined {
  const reply = order.whatsapp?.replies?.at(-1);
  if (!reply) return undefined;
  return `reply: ${reply.choice.replace(/-/g, ' ')}${reply.ndr ? `, ${reply.ndr}` : ''}`;
}

/** The Orders tab's `WhatsApp` cell. */
export function whatsappSummary(order: WithMessages): string {
  const messages = order.whatsapp?.consent ? newestMessage(order) : 'off';
  return [messages, newestReply(order)].filter(Boolean).join('; ');
}

/** The Orders tab's `WhatsApp Cost` cell. */
export function whatsappCost(order: WithMessages): string {
  const counts = new Map<string, { sent: number; billed: number }>();
  for (const [, { delivery }] of whatsappNotices(order)) {
    if (!delivery?.category) continue;
    const count = counts.get(delivery.category) ?? { sent: 0, billed: 0 };
    count.sent += 1;
    if (delivery.pricingType === 'regular') count.billed += 1;
    counts.set(delivery.category, count);
  }
  return [...counts].map(([category, { sent, billed }]) => `${category} ${sent} (billed ${billed})`).join('; ');
}
