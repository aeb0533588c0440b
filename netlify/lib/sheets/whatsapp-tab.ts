/**
 * The WhatsApp tab (issue 33 §5): what shoppers write to the shop's WhatsApp number that the shop
 * does not act on by itself (anything but STOP, START and our quick replies), one row per
 * message, for staff to answer from WhatsApp Business (docs/staff-guide.md). Keyed by Meta's
 * message id, so a replayed webhook adds no second row. `Answered` is staff's: the shop leaves it
 * empty.
 */
import type { SheetTab } from './tabs.ts';

export const WHATSAPP_HEADERS = ['Message ID', 'Received', 'From', 'Name', 'Order ID', 'Message', 'Answered'] as const;

export interface SheetWhatsAppMessage {
  /** Meta's id of the message (`wamid.…`). */
  messageId: string;
  /** When the shopper sent it (Meta's timestamp), ISO 8601, UTC. */
  received: string;
  /** The shopper's 10-digit mobile number (or Meta's user id for a shopper known by username only). */
  from: string;
  /** The WhatsApp profile name the shopper chose, when Meta sent it. */
  name?: string | undefined;
  /** The order of the message this one answers (a swipe-reply to one of ours), when there is one. */
  orderId?: string | undefined;
  /** What the shopper wrote, or the words of the button they tapped. */
  message: string;
}

export const WHATSAPP_TAB: SheetTab<SheetWhatsAppMessage> = {
  name: 'WhatsApp',
  type: 'whatsapp',
  headers: WHATSAPP_HEADERS,
  keyHeader: 'Message ID',
  keyField: 'messageId',
  key: (message) => message.messageId,
  rows: (message) => [
    [message.messageId, message.received, message.from, message.name, message.orderId, message.message, ''],
  ],
};
