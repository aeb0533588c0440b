/**
 * The GST tax invoice issued at booking and the credit note at a cancellation (docs/shop-rules.md
 * §12): once each however often asked, none for an order cancelled before it was booked, a rate
 * missing stops only the invoice (staff see why) until the Studio has it.
 */
import { describe, expect, it } from 'vitest';
import type { InvoiceSettings } from '#shop/invoice/index.ts';
import { staffStatusLabel } from '#shop/order-engine/index.ts';
import { fileTestBlobs } from '#tests/support/blobs.ts';
import { makeCustomer } from '#tests/support/factories.ts';
import { makeSampleInvoiceSettings } from '#tests/support/invoices.ts';
import {
  codOrder,
  codRequest,
  newOrderId,
  orderWorld,
  storedOrder,
  sweepLater,
  type TestOrderWorld,
} from '#tests/support/orders.ts';
import { cancelOrder } from '../orders/cancel.ts';
import { orderSettings } from '../orders/deps.ts';
import { forwardOrder } from '../orders/forward.ts';
import { placeCodOrder } from '../orders/place.ts';
import { reconcile } from '../orders/reconcile.ts';
import { orderView } from '../orders/view.ts';

const blobs = fileTestBlobs();

const GST = makeSampleInvoiceSettings();

/** A world whose Studio has these invoice settings (or none). */
function invoicingWorld(gst: InvoiceSettings | null = GST): TestOrderWorld {
  const world = orderWorld(blobs);
  world.deps.settings = async () => ({ ...(await orderSettings()), gst: gst ?? undefined });
  return world;
}

describe('the invoice at booking', () => {
  it('is issued once the order is booked: numbered, frozen on the order, in the Sheet, on the order page', async () => {
    const world = invoicingWorld();
    const orderId = await codOrder(world);
    const order = await storedOrder(world, orderId);
    expect(order.forwards.invoice?.status).toBe('done');
    expect(order.invoice).toMatchObject({
      kind: 'invoice',
      number: 'OUO/26-27/000001',
      orderId,
      date: '2026-11-21',
      interState: false,
      placeOfSupply: { stateName: 'Uttarakhand', stateCode: '05' },
      totals: { totalPaise: order.totals.total * 100 },
    });
    expect(order.history.map((entry) => entry.event)).toContain('invoice OUO/26-27/000001 issued');
    const row = world.sheetRows.find((entry) => entry.orderId === orderId);
    expect(row?.invoice).toBe('OUO/26-27/000001');
    expect(row?.invoiceUrl).toBe(`http://localhost:8888/orders/${orderId}/invoice?key=${order.key}`);
    expect((await orderView(world.deps, order)).documents).toEqual([{ kind: 'invoice', number: 'OUO/26-27/000001' }]);
  });

  it('takes no second number when the order is forwarded again, many times at once', async () => {
    const world = invoicingWorld();
    const orderId = await codOrder(world);
    await Promise.all(Array.from({ length: 10 }, () => forwardOrder(world.deps, orderId)));
    const second = await codOrder(world);
    expect((await storedOrder(world, orderId)).invoice?.number).toBe('OUO/26-27/000001');
    expect((await storedOrder(world, second)).invoice?.number).toBe('OUO/26-27/000002');
  });

  it('is taxed IGST for a delivery outside Uttarakhand', async () => {
    const world = invoicingWorld();
    const orderId = newOrderId();
    const customer = makeCustomer({ pincode: '110001', city: 'New Delhi', state: 'Delhi' });
    const placed = await placeCodOrder(world.deps, codRequest(orderId, { customer }));
    expect(placed.ok).toBe(true);
    const { invoice } = await storedOrder(world, orderId);
    expect(invoice).toMatchObject({ interState: true, placeOfSupply: { stateName: 'Delhi', stateCode: '07' } });
    expect(invoice?.totals.cgstPaise).toBe(0);
    expect(invoice?.totals.igstPaise).toBeGreaterThan(0);
  });

  it('takes no number for an order not booked: the booking failed, so no invoice yet', async () => {
    const world = invoicingWorld();
    world.carrierDown = true;
    const orderId = await codOrder(world);
    const order = await storedOrder(world, orderId);
    expect(order.forwards.shipment.status).toBe('failed');
    expect(order.forwards.invoice?.status).toBe('pending');
    expect(order.invoice).toBeUndefined();
  });
});

describe('the financial year', () => {
  it("starts a new series on 1 April, India's midnight, at 000001", async () => {
    const world = invoicingWorld();
    world.clock.now = new Date('2027-03-31T18:29:00Z'); // 23:59 on 31 March in India
    const march = await codOrder(world);
    world.clock.now = new Date('2027-03-31T18:31:00Z'); // 00:01 on 1 April in India
    const other = makeCustomer({ phone: '91234 56789', email: 'ravi@example.in', name: 'Ravi Negi' });
    const april = newOrderId();
    expect((await placeCodOrder(world.deps, codRequest(april, { customer: other }))).ok).toBe(true);
    expect((await storedOrder(world, march)).invoice).toMatchObject({ number: 'OUO/26-27/000001', date: '2027-03-31' });
    expect((await storedOrder(world, april)).invoice).toMatchObject({
      number: 'OUO/27-28/000001',
      date: '2027-04-01',
      financialYear: '2027-28',
    });
  });
});

describe('a rate missing', () => {
  it('stops only the invoice, says why to staff, and the next try after the Studio has the rate issues it', async () => {
    const world = invoicingWorld({ ...GST, rates: GST.rates.filter((rate) => rate.hsn !== '0713') });
    const orderId = await codOrder(world);
    let order = await storedOrder(world, orderId);
    expect(order.forwards.shipment.status).toBe('done');
    expect(order.invoice).toBeUndefined();
    expect(order.forwards.invoice).toMatchObject({ status: 'failed', lastError: 'no GST rate for HSN 07133300' });
    expect(staffStatusLabel(order)).toBe('Needs attention: no GST rate for HSN 07133300');
    expect(world.sheetRows.find((row) => row.orderId === orderId)?.status).toBe(
      'Needs attention: no GST rate for HSN 07133300',
    );
    // A day later it is still tried (an invoice is never given up on); the editor has added the rate.
    world.deps.settings = async () => ({ ...(await orderSettings()), gst: GST });
    world.clock.now = new Date(world.clock.now.getTime() + 25 * 60 * 60 * 1000);
    await reconcile(world.deps);
    order = await storedOrder(world, orderId);
    expect(order.invoice?.number).toBe('OUO/26-27/000001');
    expect(order.invoice?.date).toBe('2026-11-22');
    expect(staffStatusLabel(order)).toBe('Booked');
    expect(world.sheetRows.find((row) => row.orderId === orderId)).toMatchObject({
      status: 'Booked',
      invoice: 'OUO/26-27/000001',
    });
  });

  it('says so when the Studio has no invoice settings at all', async () => {
    const world = invoicingWorld(null);
    const orderId = await codOrder(world);
    expect(staffStatusLabel(await storedOrder(world, orderId))).toBe(
      'Needs attention: GST invoice settings missing in the Studio',
    );
  });
});

describe('cancelled', () => {
  it('before it was booked: no invoice, no number taken, so the series has no gap', async () => {
    const world = invoicingWorld();
    world.deps.hearsWhatsApp = true; // a COD order then waits for its confirmation before it is booked
    const waiting = newOrderId();
    expect((await placeCodOrder(world.deps, codRequest(waiting))).ok).toBe(true);
    expect((await cancelOrder(world.deps, waiting, { reason: 'ordered-by-mistake', by: 'shopper' })).ok).toBe(true);
    world.deps.hearsWhatsApp = false;
    // Another shopper (this phone's cancelled COD order would ask for the COD fee up front, rule 17).
    const next = newOrderId();
    const other = makeCustomer({ phone: '91234 56789', email: 'ravi@example.in', name: 'Ravi Negi' });
    expect((await placeCodOrder(world.deps, codRequest(next, { customer: other }))).ok).toBe(true);
    expect((await storedOrder(world, waiting)).invoice).toBeUndefined();
    expect((await storedOrder(world, next)).invoice?.number).toBe('OUO/26-27/000001');
  });

  it('after it was invoiced: a credit note of its own series, linked to the invoice, once', async () => {
    const world = invoicingWorld();
    const orderId = await codOrder(world);
    const request = { reason: 'ordered-by-mistake' as const, by: 'shopper' as const };
    await Promise.all([cancelOrder(world.deps, orderId, request), cancelOrder(world.deps, orderId, request)]);
    await reconcile(world.deps);
    const order = await storedOrder(world, orderId);
    expect(order.status).toBe('cancelled');
    expect(order.creditNote).toMatchObject({
      kind: 'credit-note',
      number: 'CN/26-27/000001',
      invoice: { number: 'OUO/26-27/000001', date: '2026-11-21' },
      totals: order.invoice?.totals,
    });
    expect(world.sheetRows.find((row) => row.orderId === orderId)?.invoice).toBe(
      'OUO/26-27/000001; credit note CN/26-27/000001',
    );
    expect((await orderView(world.deps, order)).documents).toEqual([
      { kind: 'invoice', number: 'OUO/26-27/000001' },
      { kind: 'credit-note', number: 'CN/26-27/000001' },
    ]);
  });

  it('after it was invoiced, with the Studio settings gone: the credit note is owed and issued later', async () => {
    const world = invoicingWorld();
    const orderId = await codOrder(world);
    world.deps.settings = async () => ({ ...(await orderSettings()), gst: undefined });
    await cancelOrder(world.deps, orderId, { reason: 'ordered-by-mistake', by: 'shopper' });
    expect((await storedOrder(world, orderId)).creditNote).toBeUndefined();
    expect(await world.deps.log.openOrderIds()).toContain(orderId);
    world.deps.settings = async () => ({ ...(await orderSettings()), gst: GST });
    await sweepLater(world, 15); // the credit note's task, past its back-off
    expect((await storedOrder(world, orderId)).creditNote?.number).toBe('CN/26-27/000001');
    await sweepLater(world, 15);
    expect(await world.deps.log.openOrderIds()).not.toContain(orderId);
  });
});
