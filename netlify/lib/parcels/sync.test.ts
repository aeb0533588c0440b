/**
 * The parcel sync over the order log (docs/shop-rules.md §4 "Parcel"): every ending, each change
 * stored once however often it runs, the Sheet and the shopper told once, and nothing lost when
 * the carrier, the Sheet or the mail is down.
 */
import { describe, expect, it } from 'vitest';
import { fileTestBlobs } from '#tests/support/blobs.ts';
import { codRequest, orderWorld, paidOrder, storedOrder, type TestOrderWorld } from '#tests/support/orders.ts';
import { JOURNEY_PINCODES } from '../delhivery/simulated-tracking.ts';
import { placeCodOrder } from '../orders/place.ts';
import { reconcile } from '../orders/reconcile.ts';
import { performStaffAction } from '../orders/staff-actions.ts';
import { failure } from '../platform/outcome.ts';
import { PARCEL_SYNC_LIMITS, syncParcels } from './sync.ts';

const blobs = fileTestBlobs();

const DAY = 24 * 60 * 60 * 1000;
let next = 1_733_000_000_000;

/** A COD order booked now; `pin` chooses how its simulated journey ends. */
async function booked(world: TestOrderWorld, pin?: string): Promise<string> {
  next += 1;
  const orderId = `OUO_${next}`;
  const placed = await placeCodOrder(world.deps, codRequest(orderId));
  if (!placed.ok) throw new Error(placed.message);
  const shipment = world.shipments.at(-1);
  if (shipment && pin) shipment.pin = pin;
  return orderId;
}

const later = (world: TestOrderWorld, days: number) => {
  world.clock.now = new Date(world.clock.now.getTime() + days * DAY);
};
const row = (world: TestOrderWorld, orderId: string) => world.sheetRows.find((sheet) => sheet.orderId === orderId);
const subjects = (world: TestOrderWorld, orderId: string) =>
  world.emails.filter((email) => email.orderId === orderId).map((email) => email.emailId ?? 'confirmation');

describe('the parcel sync', () => {
  it('follows every ending, and tells the Sheet and the shopper once each', async () => {
    const world = orderWorld(blobs);
    const plain = await booked(world);
    const failsOnce = await booked(world, JOURNEY_PINCODES.failsOnce);
    const returned = await booked(world, JOURNEY_PINCODES.returned);
    const lost = await booked(world, JOURNEY_PINCODES.lost);

    later(world, 1.5);
    const first = await syncParcels(world.deps);
    expect(first).toMatchObject({ asked: 4, requests: 1, deferred: 0, unknownWaybills: [] });
    expect(row(world, plain)?.status).toBe('In transit');
    expect(subjects(world, plain)).toEqual(['confirmation', `${plain}-shipped`]);

    later(world, 1.6); // day 3.1: out for delivery everywhere, the lost one lost
    await syncParcels(world.deps);
    expect(row(world, plain)?.status).toBe('Out for delivery');
    expect(row(world, lost)?.status).toMatch(
      /^Needs attention: lost or damaged \(Delhivery: Shipment lost in transit\)$/,
    );
    // /api/health counts it with the orders that need staff.
    expect(await world.deps.log.attentionOrderIds()).toEqual([lost]);
    expect(world.emails.find((email) => email.emailId === `${plain}-out-for-delivery`)?.html).toContain(
      'please keep <strong>₹934</strong> ready',
    );

    later(world, 0.35); // day 3.45: delivered, and two failed attempts
    await syncParcels(world.deps);
    expect(row(world, plain)).toMatchObject({ status: 'Delivered', paymentStatus: 'Collected by courier' });
    expect(row(world, failsOnce)?.status).toBe('Delivery failed: Consignee unavailable');
    const failedMail = world.emails.find((email) => email.emailId === `${failsOnce}-delivery-failed`);
    expect(failedMail?.subject).toBe(`We could not deliver your order ${failsOnce}`);
    expect(failedMail?.html).toContain('They said: “Consignee unavailable”');

    later(world, 1); // day 4.45: the first delivered at the second try; the other failed twice
    await syncParcels(world.deps);
    expect(row(world, failsOnce)).toMatchObject({ status: 'Delivered', paymentStatus: 'Collected by courier' });
    expect(row(world, returned)?.status).toBe('Needs attention: delivery failed twice (Consignee refused to accept)');

    later(world, 4); // day 8.45: back with us
    await syncParcels(world.deps);
    expect(row(world, returned)).toMatchObject({ status: 'Returned', paymentStatus: 'Not collected (returned)' });
    expect((await storedOrder(world, returned)).parcel?.changes.map((change) => change.state)).toEqual([
      'picked-up',
      'in-transit',
      'out-for-delivery',
      'delivery-failed',
      'out-for-delivery',
      'delivery-failed',
      'returning',
      'returned',
    ]);

    // Every story has ended: nothing left to ask about.
    expect(await world.deps.log.parcelOrderIds()).toEqual([]);
    const calls = (world.deps.carrier.trackParcels as unknown as { mock: { calls: unknown[] } }).mock.calls.length;
    expect(await syncParcels(world.deps)).toMatchObject({ asked: 0, requests: 0 });
    expect((world.deps.carrier.trackParcels as unknown as { mock: { calls: unknown[] } }).mock.calls).toHaveLength(
      calls,
    );

    // One message per event, each once: shipped, out for delivery (twice for the retried one), …
    expect(subjects(world, plain)).toEqual([
      'confirmation',
      `${plain}-shipped`,
      `${plain}-out-for-delivery`,
      `${plain}-delivered`,
    ]);
    expect(subjects(world, failsOnce)).toEqual([
      'confirmation',
      `${failsOnce}-shipped`,
      `${failsOnce}-out-for-delivery`,
      `${failsOnce}-delivery-failed`,
      `${failsOnce}-delivered`,
    ]);
    expect(subjects(world, lost)).toEqual(['confirmation', `${lost}-shipped`]);
  });

  it('stores each change once when run twice, or twice at once', async () => {
    const world = orderWorld(blobs);
    const orders = [await booked(world), await booked(world), await booked(world)];
    later(world, 3.1);
    const [one, two] = await Promise.all([syncParcels(world.deps), syncParcels(world.deps)]);
    expect(one.changes + two.changes).toBe(9); // picked up, in transit, out for delivery × 3
    expect((await syncParcels(world.deps)).changes).toBe(0);
    for (const orderId of orders) {
      const order = await storedOrder(world, orderId);
      expect(order.parcel?.changes.map((change) => change.state)).toEqual([
        'picked-up',
        'in-transit',
        'out-for-delivery',
      ]);
      expect(order.history.filter((entry) => entry.event.startsWith('parcel:'))).toHaveLength(3);
      expect(subjects(world, orderId)).toEqual(['confirmation', `${orderId}-out-for-delivery`]);
    }
  });

  it('asks about many parcels per request, oldest first, and defers what its budget leaves', async () => {
    const world = orderWorld(blobs);
    const orders = [await booked(world), await booked(world), await booked(world)];
    later(world, 1);
    const asked: string[][] = [];
    const track = world.deps.carrier.trackParcels;
    world.deps.carrier.trackParcels = async (queries) => {
      asked.push(queries.map((query) => query.waybill));
      return track(queries);
    };
    const report = await syncParcels(world.deps, { ...PARCEL_SYNC_LIMITS, batchSize: 2 });
    expect(report).toMatchObject({ asked: 3, requests: 2, deferred: 0 });
    expect(asked.map((batch) => batch.length)).toEqual([2, 1]);
    const outOfTime = await syncParcels(world.deps, { ...PARCEL_SYNC_LIMITS, budgetMs: 0 });
    expect(outOfTime).toMatchObject({ asked: 0, requests: 0, deferred: orders.length });
  });

  it('changes nothing when the carrier is down, and catches up when it is back', async () => {
    const world = orderWorld(blobs);
    const orderId = await booked(world);
    later(world, 3.5);
    const track = world.deps.carrier.trackParcels;
    world.deps.carrier.trackParcels = async () => failure('UNREACHABLE', 'Delhivery tracking answered 503');
    expect(await syncParcels(world.deps)).toMatchObject({
      deferred: 1,
      carrierError: 'Delhivery tracking answered 503',
    });
    expect((await storedOrder(world, orderId)).parcel).toBeUndefined();
    world.deps.carrier.trackParcels = track;
    await syncParcels(world.deps);
    expect((await storedOrder(world, orderId)).parcel?.state).toBe('delivered');
    // It caught up at once: the shopper hears where the parcel is now, not every step it missed.
    expect(subjects(world, orderId)).toEqual(['confirmation', `${orderId}-delivered`]);
  });

  it('reports a waybill the carrier does not know, and keeps a scan it cannot read for staff', async () => {
    const world = orderWorld(blobs);
    const unknown = await booked(world);
    const odd = await booked(world);
    later(world, 1);
    const track = world.deps.carrier.trackParcels;
    world.deps.carrier.trackParcels = async (queries) => {
      const answer = await track(queries);
      if (!answer.ok) return answer;
      const [first, second] = queries;
      answer.found.delete(first?.waybill ?? '');
      const tracking = answer.found.get(second?.waybill ?? '');
      tracking?.scans.push({
        at: world.clock.now.toISOString(),
        type: 'ZZ',
        status: 'Held by customs',
        location: 'Delhi',
      });
      return answer;
    };
    const report = await syncParcels(world.deps);
    expect(report.unknownWaybills).toEqual([(await storedOrder(world, unknown)).forwards.shipment.waybill]);
    expect(report.unreadable).toEqual([`${odd}: ZZ Held by customs`]);
    expect((await storedOrder(world, unknown)).parcel).toBeUndefined();
    expect(row(world, odd)?.status).toBe('In transit (Delhivery: Held by customs)');
  });

  it('keeps the news when the mail or the Sheet is down, and the reconciler sends it once', async () => {
    const world = orderWorld(blobs);
    const orderId = await booked(world);
    world.mailDown = true;
    world.sheetDown = true;
    later(world, 1);
    await syncParcels(world.deps);
    const waiting = await storedOrder(world, orderId);
    expect(waiting.parcel?.state).toBe('in-transit');
    expect(waiting.notices?.['email:shipped']).toMatchObject({ status: 'failed', attempts: 1 });
    expect(await world.deps.log.openOrderIds()).toContain(orderId);

    world.mailDown = false;
    world.sheetDown = false;
    later(world, 0.03); // past the back-offs (15 minutes for the mail, 30 for the Sheet), still in transit
    await reconcile(world.deps);
    await reconcile(world.deps);
    expect(subjects(world, orderId)).toEqual(['confirmation', `${orderId}-shipped`]);
    expect(row(world, orderId)?.status).toBe('In transit');
    expect((await storedOrder(world, orderId)).notices?.['email:shipped']?.status).toBe('sent');
  });

  it('skips news that is no longer true when its turn comes', async () => {
    const world = orderWorld(blobs);
    const orderId = await booked(world);
    world.mailDown = true;
    later(world, 3.1);
    await syncParcels(world.deps); // out for delivery: the mail is down
    world.mailDown = false;
    later(world, 1); // delivered meanwhile
    await syncParcels(world.deps);
    await reconcile(world.deps);
    expect(subjects(world, orderId)).toEqual(['confirmation', `${orderId}-delivered`]);
    expect((await storedOrder(world, orderId)).notices?.['email:out-for-delivery']?.status).toBe('skipped');
  });

  it('follows a prepaid parcel too, and leaves its payment status alone', async () => {
    const world = orderWorld(blobs);
    const orderId = await paidOrder(world);
    later(world, 4);
    await syncParcels(world.deps);
    expect(row(world, orderId)).toMatchObject({ status: 'Delivered', paymentStatus: 'Completed' });
    const out = world.emails.find((email) => email.emailId === `${orderId}-delivered`);
    expect(out?.subject).toBe(`Your order ${orderId} has been delivered`);
  });

  it('gives up a parcel’s news after a day of the mail being down, and says so in the history', async () => {
    const world = orderWorld(blobs);
    const orderId = await booked(world);
    world.mailDown = true;
    later(world, 1);
    await syncParcels(world.deps);
    for (let run = 0; run < 12; run += 1) {
      later(world, 0.2);
      await reconcile(world.deps);
    }
    const order = await storedOrder(world, orderId);
    expect(order.notices?.['email:shipped']?.status).toMatch(/^(gave-up|skipped)$/);
    expect(order.history.some((entry) => /email:shipped: (gave-up|skipped)/.test(entry.event))).toBe(true);
    expect(subjects(world, orderId)).toEqual(['confirmation']);
  });

  it('keeps the news when the mail sender throws, and sends it once it works', async () => {
    const world = orderWorld(blobs);
    const orderId = await booked(world);
    const send = world.deps.mail.sendOrderEmail;
    world.deps.mail.sendOrderEmail = async () => {
      throw new Error('socket hang up');
    };
    later(world, 1);
    await syncParcels(world.deps);
    expect((await storedOrder(world, orderId)).notices?.['email:shipped']).toMatchObject({
      status: 'failed',
      lastError: 'socket hang up',
    });
    world.deps.mail.sendOrderEmail = send;
    later(world, 0.02);
    await reconcile(world.deps);
    expect(subjects(world, orderId)).toEqual(['confirmation', `${orderId}-shipped`]);
  });

  it('follows a parcel staff sent again after a return, and tells the shopper it shipped again', async () => {
    const world = orderWorld(blobs);
    const orderId = await booked(world, JOURNEY_PINCODES.returned);
    later(world, 1.5);
    await syncParcels(world.deps);
    later(world, 7);
    await syncParcels(world.deps);
    expect((await storedOrder(world, orderId)).parcel?.state).toBe('returned');
    const again = await performStaffAction(world.deps, { requestId: 'book-again-1', orderId, action: 'book-again' });
    expect(again).toMatchObject({ ok: true, body: { result: expect.stringMatching(/^Booked again: waybill WB2/) } });
    expect(row(world, orderId)).toMatchObject({ status: 'Booked', waybill: 'WB2' });

    later(world, 1.5);
    await syncParcels(world.deps);
    expect(row(world, orderId)?.status).toBe('In transit');
    expect(subjects(world, orderId).filter((id) => id.includes('shipped'))).toEqual([
      `${orderId}-shipped`,
      `${orderId}-shipped-parcel-2`,
    ]);
  });
});
