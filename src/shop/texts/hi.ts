/**
 * The texts in Hindi: the domains translated so far (a WhatsApp message in the order's language,
 * docs/shop-rules.md §10 rule 16), each a file in hi/ with English's keys. A key Hindi lacks is read
 * in English (server.ts `LANGUAGES`); texts.test.ts checks the keys and slots against English's.
 */
import type { Texts } from './en.ts';
import { codReply } from './hi/cod-reply.ts';
import { whatsappFilled } from './hi/whatsapp-filled.ts';
import type { Translation } from './read.ts';

export const hi = { codReply, whatsappFilled } as const satisfies Translation<Texts>;
