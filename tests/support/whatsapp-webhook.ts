/**
 * WhatsApp webhook bodies for the service tests, in the shape of Meta's documented samples, in the
 * envelope the development phone sends (netlify/lib/whatsapp/local-phone.ts), signed and posted to
 * the webhook's service.
 */
import { placeCodOrder } from '../../netlify/lib/orders/place.ts';
import { webhookEnvelope } from '../../netlify/lib/whatsapp/local-phone.ts';
import { whatsappEvents } from '../../netlify/lib/whatsapp/webhook.ts';
import { signWebhookBody } from '../../netlify/lib/whatsapp/webhook-signature.ts';
import { codRequest, newOrderId, type TestOrderWorld } from './orders.ts';

export const WEBHOOK_SECRETS = { appSecret: 'app-secret', verifyToken: 'verify-me' };

const envelope = (value: Record<string, unknown>) =>
  webhookEnvelope(value, { waba: '0', phoneNumberId: '106540352242922' });

/** Meta's status of one of our messages, priced as a billed utility message. */
export const statusBody = (id: string, state: string, timestamp: number) =>
  envelope({
    statuses: [
      {
        id,
        status: state,
        timestamp: String(timestamp),
        recipient_id: '919876543210',
        pricing: { billable: true, pricing_model: 'PMP', type: 'regular', category: 'utility' },
      },
    ],
  });

/** A message from a shopper (Asha, by her profile) with `content`: `{ type: 'text', text: { body } }`, … */
export const messageBody = (
  id: string,
  content: Record<string, unknown>,
  from = '919876543210',
  timestamp = '1764170000',
) =>
  envelope({
    contacts: [{ profile: { name: 'Asha' }, wa_id: from }],
    messages: [{ from, id, timestamp, ...content }],
  });

/** Posts `body` to the webhook's service, signed with the app secret unless `signature` is given. */
export const postWebhook = (world: TestOrderWorld, body: unknown, signature?: string | null) => {
  const rawBody = JSON.stringify(body);
  return whatsappEvents(
    world.deps,
    { rawBody, signature: signature === undefined ? signWebhookBody(rawBody, WEBHOOK_SECRETS.appSecret) : signature },
    WEBHOOK_SECRETS,
  );
};

export const outcomesOf = async (response: Response) => ((await response.json()) as { outcomes: string[] }).outcomes;

/** A COD order whose shopper agreed to WhatsApp updates, placed and booked in `world`: its id. */
export async function consentingCodOrder(world: TestOrderWorld): Promise<string> {
  const orderId = newOrderId();
  const placed = await placeCodOrder(world.deps, codRequest(orderId, { whatsappUpdates: true }));
  if (!placed.ok) throw new Error(placed.message);
  return orderId;
}
