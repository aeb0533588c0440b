/**
 * What issue 47 asks of an order's database round trips ("Done means": at most 15 statements per
 * order placed, and per order confirmed), counted as `npm run bench:orders` counts them on the
 * server: every statement the order's world sends, BEGIN and COMMIT included. A COD order whose
 * shopper ticked WhatsApp updates, placed where the shop hears WhatsApp, then confirmed by its
 * shopper's CONFIRM: its email, Sheet rows and notice sent once, its booking and invoice made once.
 */
import { describe, expect, it } from 'vitest';
import { fileTestBlobs } from '#tests/support/blobs.ts';
import { codRequest, newOrderId, orderWorld, storedOrder } from '#tests/support/orders.ts';
import { messageBody, outcomesOf, postWebhook } from '#tests/support/whatsapp-webhook.ts';
import { placeCodOrder } from '../orders/place.ts';

/** Issue 47's ceiling of statements per order, in each phase. */
const MOST = 15;

const blobs = fileTestBlobs();

describe('an order placed, then confirmed', () => {
  it(`takes at most ${MOST} statements in each, and does each of its tasks once`, async () => {
    const world = orderWorld(blobs, { COD_PHONE_HISTORY: 'off' });
    world.deps.hearsWhatsApp = true;
    await world.db.query('select 1'); // the world's schema made before counting
    const orderId = newOrderId();

    const before = world.db.statements;
    const placed = await placeCodOrder(world.deps, codRequest(orderId, { whatsappUpdates: true }));
    const placing = world.db.statements - before;
    expect(placed).toMatchObject({ ok: true, status: 201 });
    const code = (await storedOrder(world, orderId)).cod?.confirmation?.code ?? '';

    const start = world.db.statements;
    const body = messageBody('wamid.R1', { type: 'text', text: { body: `CONFIRM ${orderId} ${code}` } });
    const answer = await postWebhook(world, body);
    const confirming = world.db.statements - start;
    expect(await outcomesOf(answer)).toEqual(['confirmation: confirmed']);

    const order = await storedOrder(world, orderId);
    expect(order.status).toBe('forwarded');
    expect(world.shipments).toHaveLength(1);
    expect(world.emails).toHaveLength(1);
    expect(world.sheetRows.map((row) => row.orderId)).toEqual([orderId]);
    expect(order.invoice?.number).toBeDefined();
    expect(placing).toBeLessThanOrEqual(MOST);
    expect(confirming).toBeLessThanOrEqual(MOST);
  });
});
