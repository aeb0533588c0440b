/**
 * How one notice reaches the shopper on its channel (notices.ts decides which notices exist and
 * when): an email through the mail sender, or a WhatsApp template through the WhatsApp sender.
 * Each is named by the notice's key, so a sender that already sent it refuses a second copy even
 * when an earlier answer was lost.
 */

import type { EmailUndeliverable, NoticeState, OrderEvent, StoredOrder } from '#shop/order/index.ts';
import type { NoticeEvent } from '#shop/parcel/index.ts';
import { STOPPED } from '#shop/whatsapp.ts';
import type { OrderDeps } from '../orders/types.ts';
import { orderNewsEmail } from './order-email.ts';
import { parcelEmail } from './parcel-email.ts';
import { whatsappMessage } from './whatsapp-message.ts';

/** `permanent`: it will never go through (WhatsApp's `REFUSED`); the notice is given up at once. */
export type SendOutcome = { ok: true; messageId?: string } | { ok: false; reason: string; permanent?: boolean };

export async function sendNotice(
  deps: OrderDeps,
  order: StoredOrder,
  key: string,
  state: NoticeState,
): Promise<SendOutcome> {
  try {
    return state.channel === 'whatsapp'
      ? await sendWhatsApp(deps, order, key, state.event)
      : await sendEmail(deps, order, key, state.event);
  } catch (error) {
    return { ok: false, reason: (error as Error).message };
  }
}

/** Why an email notice was not sent: the shopper's address came back on an earlier email. */
const undeliverableReason = (refused: EmailUndeliverable) =>
  `the shopper's email is undeliverable (${refused.kind} on ${refused.emailId}); staff call instead`;

/** The notice's name without its channel: `shipped`, `out-for-delivery-2`, `refunded-<key>`. */
const nameOf = (key: string) => key.slice(key.indexOf(':') + 1);

async function sendEmail(
  deps: OrderDeps,
  order: StoredOrder,
  key: string,
  event: NoticeEvent | OrderEvent,
): Promise<SendOutcome> {
  // Never earned on email (notices.ts `channelsFor`): a notice of these from an older record is given up.
  if (event === 'placed') return { ok: false, reason: 'the confirmation email is its own forward', permanent: true };
  if (event === 'cod-confirm')
    return { ok: false, reason: 'the COD confirmation is asked on WhatsApp', permanent: true };
  // An address that bounced for good or complained takes no more email: mailing it again "will
  // damage your domain reputation" (resend.com/docs/dashboard/emails/send-test-emails; shop-rules
  // §11). Given up with the reason, as a WhatsApp STOP is.
  const refused = order.emailUndeliverable;
  if (refused) return { ok: false, reason: undeliverableReason(refused), permanent: true };
  const { shop } = await deps.settings();
  const email =
    event === 'cancelled' || event === 'refunded'
      ? orderNewsEmail(order, event, shop, deps.siteUrl)
      : parcelEmail(order, event, shop, deps.siteUrl);
  const result = await deps.mail.sendOrderEmail({
    orderId: order.orderId,
    emailId: `${order.orderId}-${nameOf(key)}`,
    to: order.customer.email,
    subject: email.subject,
    html: email.html,
    name: shop.name,
    replyTo: shop.email,
  });
  // DUPLICATE: sent before, its answer lost; sending again would be a second message.
  if (result.ok || result.code === 'DUPLICATE') return { ok: true };
  return { ok: false, reason: result.message, ...('permanent' in result ? { permanent: true } : {}) };
}

async function sendWhatsApp(
  deps: OrderDeps,
  order: StoredOrder,
  key: string,
  event: NoticeEvent | OrderEvent,
): Promise<SendOutcome> {
  const { pickup } = await deps.settings();
  const message = whatsappMessage(order, event, nameOf(key), pickup.pincode);
  // A STOP since the order was placed holds: nothing more on WhatsApp (the email still goes).
  if (await deps.whatsappBook.optedOut(message.to)) return { ok: false, reason: STOPPED, permanent: true };
  const result = await deps.whatsapp.sendTemplate(message);
  if (result.ok) {
    // Meta's status callbacks name the message by this id: they find the order through it.
    await deps.whatsappBook.rememberMessage(result.messageId, { orderId: order.orderId, key });
    return { ok: true, messageId: result.messageId };
  }
  return { ok: false, reason: result.message, permanent: result.code === 'REFUSED' };
}
