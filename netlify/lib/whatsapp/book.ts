/**
 * What the shop keeps about WhatsApp beyond any one order (the database, decision 031):
 *
 * - Who said STOP (`whatsapp_opt_outs`): a phone that replied STOP gets no more WhatsApp messages
 *   until it replies START (docs/shop-rules.md §10, "WhatsApp"); the email still goes. Replies can
 *   arrive out of order, so only a newer reply changes what an older one decided.
 * - Which order each sent message belongs to (`whatsapp_messages`), so Meta's status callbacks
 *   (sent, delivered, read, failed) find their order.
 */
import type { Queries } from '../platform/database.ts';

/** A sent message's place: its order, and the notice it carried (`whatsapp:shipped`). */
export interface MessageRef {
  orderId: string;
  key: string;
}

export type WhatsAppBook = ReturnType<typeof whatsappBook>;

export function whatsappBook(db: Queries) {
  return {
    async optedOut(phone: string): Promise<boolean> {
      const [row] = await db.query<{ opted_out: boolean }>('select opted_out from whatsapp_opt_outs where phone = $1', [
        phone,
      ]);
      return row?.opted_out === true;
    },

    /** Records a STOP (`out`) or START reply; one not newer than the reply already recorded changes nothing. */
    async setOptOut(phone: string, out: boolean, at: string): Promise<boolean> {
      const rows = await db.query(
        `insert into whatsapp_opt_outs (phone, opted_out, at) values ($1, $2, $3)
         on conflict (phone) do update set opted_out = excluded.opted_out, at = excluded.at
         where whatsapp_opt_outs.at < excluded.at
         returning phone`,
        [phone, out, at],
      );
      return rows.length === 1;
    },

    async rememberMessage(messageId: string, ref: MessageRef): Promise<void> {
      await db.query(
        `insert into whatsapp_messages (message_id, order_id, notice_key) values ($1, $2, $3)
         on conflict (message_id) do nothing`,
        [messageId, ref.orderId, ref.key],
      );
    },

    async messageRef(messageId: string): Promise<MessageRef | undefined> {
      // PostgreSQL's text holds no NUL (it refuses the query): an id with one is no message the shop
      // sent, and a status or reply naming it belongs to no order (the security probe's generic pass).
      if (messageId.includes('\u0000')) return undefined;
      const [row] = await db.query<{ order_id: string; notice_key: string }>(
        'select order_id, notice_key from whatsapp_messages where message_id = $1',
        [messageId],
      );
      return row ? { orderId: row.order_id, key: row.notice_key } : undefined;
    },
  };
}
