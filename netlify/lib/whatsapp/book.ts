/**
 * What the shop keeps about WhatsApp beyond any one order (Netlify Blobs, store `whatsapp`):
 *
 * - Who said STOP: a phone that replied STOP gets no more WhatsApp messages until it replies
 *   START (docs/shop-rules.md §10, "WhatsApp"); the email still goes. Replies can arrive out of
 *   order, so only a newer reply changes what an older one decided.
 * - Which order each sent message belongs to, so Meta's status callbacks (sent, delivered, read,
 *   failed) find their order. Meta's ids (`wamid.…`) hold characters a Blobs key may not, so
 *   each is kept under its SHA-256.
 */
import { createHash } from 'node:crypto';
import type { JsonStore } from '../platform/blobs.ts';

/** Why a message to a phone that replied STOP was not sent: the Sheet's `WhatsApp` cell reads it as `off (STOP)`. */
export const STOPPED = 'the shopper replied STOP';

const OPT_OUT = (phone: string) => `optout-${phone}`;
const MESSAGE = (messageId: string) => `message-${createHash('sha256').update(messageId).digest('hex')}`;

interface OptOut {
  out: boolean;
  /** When the shopper's reply was sent (Meta's timestamp, ISO). */
  at: string;
}

/** A sent message's place: its order, and the notice it carried (`whatsapp:shipped`). */
export interface MessageRef {
  orderId: string;
  key: string;
}

export type WhatsAppBook = ReturnType<typeof whatsappBook>;

export function whatsappBook(store: JsonStore) {
  return {
    async optedOut(phone: string): Promise<boolean> {
      const entry = await store.getWithMetadata(OPT_OUT(phone), { type: 'json' });
      return (entry?.data as OptOut | undefined)?.out === true;
    },

    /** Records a STOP (`out`) or START reply; one older than the reply already recorded changes nothing. */
    async setOptOut(phone: string, out: boolean, at: string): Promise<boolean> {
      for (let attempt = 0; attempt < 8; attempt += 1) {
        const entry = await store.getWithMetadata(OPT_OUT(phone), { type: 'json' });
        const known = entry?.data as OptOut | undefined;
        if (known && Date.parse(known.at) >= Date.parse(at)) return false;
        const written = entry?.etag
          ? await store.setJSON(OPT_OUT(phone), { out, at }, { onlyIfMatch: entry.etag })
          : await store.setJSON(OPT_OUT(phone), { out, at }, { onlyIfNew: true });
        if (written.modified) return true;
      }
      return false;
    },

    async rememberMessage(messageId: string, ref: MessageRef): Promise<void> {
      await store.setJSON(MESSAGE(messageId), ref, { onlyIfNew: true });
    },

    async messageRef(messageId: string): Promise<MessageRef | undefined> {
      return (
        ((await store.getWithMetadata(MESSAGE(messageId), { type: 'json' }))?.data as MessageRef | undefined) ??
        undefined
      );
    },
  };
}
