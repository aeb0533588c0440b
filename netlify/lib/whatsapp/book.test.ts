import { describe, expect, it } from 'vitest';
import { freshDatabase } from '#tests/support/database.ts';
import { whatsappBook } from './book.ts';

/** The book on a fresh schema of the run's PostgreSQL server. */
const freshBook = async () => whatsappBook((await freshDatabase()).db);

describe('the WhatsApp book', () => {
  it('keeps the newest STOP or START of a phone, whatever order the replies arrive in', async () => {
    const book = await freshBook();
    expect(await book.optedOut('9876543210')).toBe(false);
    expect(await book.setOptOut('9876543210', true, '2026-11-21T10:00:00.000Z')).toBe(true);
    expect(await book.optedOut('9876543210')).toBe(true);
    // An older START arriving late changes nothing; a newer one turns WhatsApp back on.
    expect(await book.setOptOut('9876543210', false, '2026-11-21T09:00:00.000Z')).toBe(false);
    expect(await book.optedOut('9876543210')).toBe(true);
    expect(await book.setOptOut('9876543210', false, '2026-11-21T11:00:00.000Z')).toBe(true);
    expect(await book.optedOut('9876543210')).toBe(false);
    expect(await book.optedOut('9123456789')).toBe(false);
  });

  it("finds a message's order by Meta's id, whatever characters the id holds; the first record stays", async () => {
    const book = await freshBook();
    const id = 'wamid.HBgLMTY1MDM4Nzk0MzkVAgARGBI3QjFCNjJFOUQ4OTNDNkI2MjIA==';
    await book.rememberMessage(id, { orderId: 'OUO_1', key: 'whatsapp:shipped' });
    await book.rememberMessage(id, { orderId: 'OUO_2', key: 'whatsapp:placed' });
    expect(await book.messageRef(id)).toEqual({ orderId: 'OUO_1', key: 'whatsapp:shipped' });
    expect(await book.messageRef('wamid.unknown')).toBeUndefined();
  });

  it('answers an id holding a NUL (which PostgreSQL cannot compare) as no message of the shop', async () => {
    const book = await freshBook();
    expect(await book.messageRef('wamid.\u0000')).toBeUndefined();
  });
});
