import { describe, expect, it } from 'vitest';
import {
  applyScans,
  type CarrierScan,
  canMoveParcel,
  codMoney,
  failedAttempts,
  newParcel,
  noticeFor,
  noticeStillTrue,
  PARCEL_STATES,
  type ParcelChange,
  type ParcelState,
  parcelAttention,
  parcelClosed,
  parcelStaffStatus,
  scanState,
} from './parcel.ts';

/** A Delhivery scan at hour `hour` of 20 Nov 2026 (India time written as UTC here). */
const scan = (hour: number, type: string, status: string, extra: Partial<CarrierScan> = {}): CarrierScan => ({
  at: `2026-11-20T${String(hour).padStart(2, '0')}:00:00.000Z`,
  type,
  status,
  location: 'Dehradun_Hub (Uttarakhand)',
  ...extra,
});

const JOURNEY = {
  manifested: scan(1, 'UD', 'Manifested', { code: 'X-UCI', note: 'Manifest uploaded' }),
  pickedUp: scan(2, 'UD', 'In Transit', { code: 'X-PPOM', note: 'Shipment picked up' }),
  transit: scan(3, 'UD', 'In Transit', { code: 'X-DLL2F', note: 'Bag added to trip' }),
  dispatched: scan(4, 'UD', 'Dispatched', { code: 'X-DDD3FD', note: 'Out for delivery' }),
  failed: scan(5, 'UD', 'Pending', { code: 'EOD-74', note: 'Consignee unavailable' }),
  hubAgain: scan(6, 'UD', 'In Transit', { code: 'X-DLL2F', note: 'Bag added to trip' }),
  dispatchedAgain: scan(7, 'UD', 'Dispatched', { code: 'X-DDD3FD' }),
  delivered: scan(8, 'DL', 'Delivered', { code: 'EOD-38', note: 'Delivered to consignee' }),
};

describe('scanState: what one scan says', () => {
  it.each([
    [JOURNEY.manifested, undefined],
    [scan(1, 'UD', 'Not Picked'), undefined],
    [scan(1, 'UD', 'Scheduled'), undefined],
    [JOURNEY.pickedUp, 'picked-up'],
    [scan(2, 'UD', 'In Transit', { note: 'Shipment Picked Up from client' }), 'picked-up'],
    [JOURNEY.transit, 'in-transit'],
    [scan(3, 'UD', 'Pending', { code: 'X-ILL1F' }), 'in-transit'],
    [scan(3, 'UD', 'Reached Destination'), 'in-transit'],
    [JOURNEY.dispatched, 'out-for-delivery'],
    [scan(4, 'UD', 'Out for delivery'), 'out-for-delivery'],
    [JOURNEY.failed, 'delivery-failed'],
    [JOURNEY.delivered, 'delivered'],
    [scan(9, 'DL', 'RTO', { note: 'RTO delivered to shipper' }), 'returned'],
    [scan(9, 'DL', 'RTO-DEL'), 'returned'],
    [scan(9, 'RT', 'In Transit'), 'returning'],
    [scan(9, 'CN', 'Canceled'), 'cancelled'],
    [scan(9, 'UD', 'Not Picked', { code: 'DTUP-210', note: 'Seller cancelled the order' }), 'cancelled'],
    [scan(9, 'UD', 'Not Picked', { note: 'Seller Cancelled the order' }), 'cancelled'],
    [scan(9, 'PP', 'Open'), undefined],
    [scan(9, 'PU', 'In Transit'), 'picked-up'],
    [scan(9, 'UD', 'LOST'), 'lost'],
    [scan(9, 'UD', 'Shipment damaged'), 'lost'],
    [scan(9, 'XX', 'Something new'), 'unknown'],
    [scan(9, 'UD', 'Held for inspection'), 'unknown'],
    [scan(9, '', 'Delivered'), 'delivered'],
    [scan(9, '', 'Picked up'), 'picked-up'],
    [scan(9, '', 'Out for delivery'), 'out-for-delivery'],
    [scan(9, '', 'Dispatched'), 'out-for-delivery'],
    [scan(9, '', 'In transit'), 'in-transit'],
    [scan(9, '', 'Reached the destination hub'), 'in-transit'],
    [scan(9, '', 'Mystery'), 'unknown'],
    [{ at: '2026-11-20T09:00:00.000Z', status: 'Delivered', location: '' }, 'delivered'],
  ] as const)('%j → %s', (given, expected) => {
    expect(scanState(given)).toBe(expected);
  });
});

describe('canMoveParcel', () => {
  const allowed: Record<ParcelState, ParcelState[]> = {
    booked: [
      'picked-up',
      'in-transit',
      'out-for-delivery',
      'delivery-failed',
      'delivered',
      'returning',
      'returned',
      'lost',
      'cancelled',
    ],
    'picked-up': [
      'in-transit',
      'out-for-delivery',
      'delivery-failed',
      'delivered',
      'returning',
      'returned',
      'lost',
      'cancelled',
    ],
    'in-transit': ['out-for-delivery', 'delivery-failed', 'delivered', 'returning', 'returned', 'lost'],
    'out-for-delivery': ['delivery-failed', 'delivered', 'returning', 'returned', 'lost'],
    'delivery-failed': ['out-for-delivery', 'delivery-failed', 'delivered', 'returning', 'returned', 'lost'],
    delivered: [],
    returning: ['returned', 'lost'],
    returned: [],
    lost: ['delivered', 'returning', 'returned'],
    cancelled: [],
  };
  it.each(PARCEL_STATES.flatMap((from) => PARCEL_STATES.map((to) => [from, to] as const)))('%s → %s', (from, to) => {
    expect(canMoveParcel(from, to)).toBe(allowed[from].includes(to));
  });

  it('closes the story at delivered, returned, cancelled and lost', () => {
    expect(PARCEL_STATES.filter(parcelClosed)).toEqual(['delivered', 'returned', 'lost', 'cancelled']);
  });
});

describe('applyScans', () => {
  const all = Object.values(JOURNEY);

  it('follows a parcel that failed once and was delivered the next day, each change once', () => {
    const { parcel, changes } = applyScans(newParcel(), all, '2026-11-20T09:00:00.000Z');
    expect(changes.map((change) => change.state)).toEqual([
      'picked-up',
      'in-transit',
      'out-for-delivery',
      'delivery-failed',
      'out-for-delivery',
      'delivered',
    ]);
    expect(parcel).toMatchObject({
      state: 'delivered',
      lastScanAt: JOURNEY.delivered.at,
      checkedAt: '2026-11-20T09:00:00.000Z',
    });
    expect(changes[3]).toMatchObject({ reason: 'Consignee unavailable', scan: JOURNEY.failed });
    expect(failedAttempts(parcel)).toBe(1);
  });

  it('changes nothing for the same scans twice, in any order', () => {
    const first = applyScans(newParcel(), all);
    const again = applyScans(first.parcel, [...all].reverse());
    expect(again.changes).toEqual([]);
    expect(again.parcel).toEqual(first.parcel);
  });

  it('never goes back for a late scan, nor for a newer one that would go back', () => {
    const delivered = applyScans(newParcel(), [JOURNEY.pickedUp, JOURNEY.delivered]).parcel;
    expect(applyScans(delivered, [JOURNEY.dispatched]).changes).toEqual([]); // late: older than the last
    const failed = applyScans(newParcel(), [JOURNEY.dispatched, JOURNEY.failed]).parcel;
    const hub = applyScans(failed, [JOURNEY.hubAgain]);
    expect(hub.changes).toEqual([]);
    expect(hub.parcel.state).toBe('delivery-failed');
    expect(hub.parcel.lastScanAt).toBe(JOURNEY.hubAgain.at);
  });

  it('takes scans that arrive out of order in one answer by their time', () => {
    const { changes } = applyScans(newParcel(), [JOURNEY.delivered, JOURNEY.pickedUp, JOURNEY.dispatched]);
    expect(changes.map((change) => change.state)).toEqual(['picked-up', 'out-for-delivery', 'delivered']);
  });

  it('counts a second failed attempt as a change of its own, with its own reason', () => {
    const second = scan(10, 'UD', 'Pending', { code: 'EOD-6', note: 'Consignee refused to accept' });
    const { parcel, changes } = applyScans(newParcel(), [JOURNEY.dispatched, JOURNEY.failed, second]);
    expect(changes.map((change) => [change.state, change.reason])).toEqual([
      ['out-for-delivery', undefined],
      ['delivery-failed', 'Consignee unavailable'],
      ['delivery-failed', 'Consignee refused to accept'],
    ]);
    expect(failedAttempts(parcel)).toBe(2);
  });

  it('gives a failed attempt the scan word when the courier gave no reason', () => {
    const { changes } = applyScans(newParcel(), [scan(5, 'UD', 'Pending', { code: 'EOD-11' })]);
    expect(changes[0]?.reason).toBe('Pending');
  });

  it('ends a returned parcel: returning, then returned, and nothing after', () => {
    const rto = [
      JOURNEY.dispatched,
      JOURNEY.failed,
      scan(11, 'RT', 'In Transit', { note: 'Return initiated' }),
      scan(12, 'RT', 'Pending'),
      scan(20, 'DL', 'RTO', { note: 'RTO delivered to shipper' }),
      scan(21, 'DL', 'Delivered'),
    ];
    const { parcel, changes } = applyScans(newParcel(), rto);
    expect(changes.map((change) => change.state)).toEqual([
      'out-for-delivery',
      'delivery-failed',
      'returning',
      'returned',
    ]);
    expect(parcel.state).toBe('returned');
  });

  it('keeps what it cannot read for staff, as the carrier sent it, and moves on', () => {
    const odd = scan(3, 'ZZ', 'Weather hold');
    const { parcel, unknown } = applyScans(newParcel(), [JOURNEY.pickedUp, odd, JOURNEY.dispatched]);
    expect(unknown).toEqual([odd]);
    expect(parcel.unknown).toEqual([odd]);
    expect(parcel.state).toBe('out-for-delivery');
    expect(applyScans(parcel, [odd]).parcel.unknown).toEqual([odd]);
  });

  it('leaves an untouched parcel untouched when the carrier has nothing yet', () => {
    expect(applyScans(newParcel(), [])).toEqual({ parcel: newParcel(), changes: [], unknown: [] });
  });

  it('takes a parcel the carrier calls lost, and one found again', () => {
    const lost = applyScans(newParcel(), [JOURNEY.transit, scan(9, 'UD', 'LOST')]).parcel;
    expect(lost.state).toBe('lost');
    expect(applyScans(lost, [scan(12, 'DL', 'Delivered')]).parcel.state).toBe('delivered');
  });
});

describe('noticeFor: the one message a batch of changes earns', () => {
  const moved = (scans: CarrierScan[], from = newParcel()) => applyScans(from, scans);

  it('says it shipped once, on pickup or the first transit scan', () => {
    const picked = moved([JOURNEY.pickedUp]);
    expect(noticeFor(picked.changes, picked.parcel, false)).toEqual({ event: 'shipped', key: 'shipped' });
    const moving = moved([JOURNEY.transit], picked.parcel);
    expect(noticeFor(moving.changes, moving.parcel, true)).toBeUndefined();
  });

  it('speaks of where the parcel is now, not of states it has left', () => {
    const all = moved(Object.values(JOURNEY));
    expect(noticeFor(all.changes, all.parcel, false)).toEqual({ event: 'delivered', key: 'delivered' });
  });

  it('numbers a second time out and a second failed attempt', () => {
    const first = moved([JOURNEY.dispatched]);
    expect(noticeFor(first.changes, first.parcel, true)).toEqual({
      event: 'out-for-delivery',
      key: 'out-for-delivery',
    });
    const failed = moved([JOURNEY.failed], first.parcel);
    expect(noticeFor(failed.changes, failed.parcel, true)).toEqual({
      event: 'delivery-failed',
      key: 'delivery-failed',
    });
    const again = moved([JOURNEY.dispatchedAgain], failed.parcel);
    expect(noticeFor(again.changes, again.parcel, true)).toEqual({
      event: 'out-for-delivery',
      key: 'out-for-delivery-2',
    });
    const second = moved([scan(9, 'UD', 'Pending', { code: 'EOD-6' })], again.parcel);
    expect(noticeFor(second.changes, second.parcel, true)).toEqual({
      event: 'delivery-failed',
      key: 'delivery-failed-2',
    });
  });

  it('sends nothing without a change, nor for a return, a loss or a cancellation', () => {
    expect(noticeFor([], newParcel(), false)).toBeUndefined();
    for (const last of [scan(9, 'RT', 'In Transit'), scan(9, 'UD', 'LOST'), scan(9, 'CN', 'Canceled')]) {
      const { changes, parcel } = moved([last]);
      expect(noticeFor(changes, parcel, false)).toBeUndefined();
    }
  });

  it('keeps a message only while it is still true', () => {
    expect(noticeStillTrue('shipped', 'in-transit')).toBe(true);
    expect(noticeStillTrue('shipped', 'delivered')).toBe(false);
    expect(noticeStillTrue('out-for-delivery', 'out-for-delivery')).toBe(true);
    expect(noticeStillTrue('out-for-delivery', 'delivered')).toBe(false);
    expect(noticeStillTrue('delivered', 'delivered')).toBe(true);
  });
});

describe("what staff see of a parcel (the Sheet's Status and Payment Status)", () => {
  const change = (state: ParcelState, extra: Partial<ParcelChange> = {}): ParcelChange => ({
    state,
    at: '2026-11-20T01:00:00.000Z',
    scan: scan(1, 'UD', 'Pending'),
    ...extra,
  });

  it("says what became of a COD parcel's cash once its story ends", () => {
    expect(codMoney('delivered')).toBe('Collected by courier');
    expect(codMoney('returning')).toBe('Not collected (returned)');
    expect(codMoney('returned')).toBe('Not collected (returned)');
    expect(codMoney('out-for-delivery')).toBeUndefined();
  });

  it("needs staff for a parcel lost, or failed at the door twice, in the carrier's words", () => {
    expect(
      parcelAttention({
        state: 'lost',
        changes: [change('lost', { scan: scan(9, 'UD', 'LOST', { note: 'Shipment lost' }) })],
      }),
    ).toBe('lost or damaged (Delhivery: Shipment lost)');
    expect(parcelAttention({ state: 'lost', changes: [change('lost', { scan: scan(9, 'UD', 'LOST') })] })).toBe(
      'lost or damaged (Delhivery: LOST)',
    );
    expect(parcelAttention({ state: 'lost', changes: [] })).toBe('lost or damaged (Delhivery: lost)');
    const twice = [
      change('delivery-failed', { reason: 'Door locked' }),
      change('delivery-failed', { reason: 'Refused' }),
    ];
    expect(parcelAttention({ state: 'delivery-failed', changes: twice })).toBe('delivery failed twice (Refused)');
    expect(
      parcelAttention({ state: 'delivery-failed', changes: [change('delivery-failed'), change('delivery-failed')] }),
    ).toBe('delivery failed twice (no reason given)');
    expect(parcelAttention({ state: 'delivery-failed', changes: [change('delivery-failed')] })).toBeUndefined();
    expect(parcelAttention({ state: 'in-transit', changes: [] })).toBeUndefined();
  });

  it("gives the parcel's state in staff's words, the courier's reason after a failed attempt, and an unread scan as written", () => {
    expect(parcelStaffStatus({ state: 'in-transit', changes: [] })).toBe('In transit');
    expect(
      parcelStaffStatus({ state: 'delivery-failed', changes: [change('delivery-failed', { reason: 'Door locked' })] }),
    ).toBe('Delivery failed: Door locked');
    expect(parcelStaffStatus({ state: 'delivery-failed', changes: [] })).toBe('Delivery failed: no reason given');
    const odd = scan(5, 'QC', 'Held for verification');
    expect(parcelStaffStatus({ state: 'picked-up', changes: [], unknown: [odd], lastScanAt: odd.at })).toBe(
      'Picked up (Delhivery: Held for verification)',
    );
    // An unread scan that a newer, read one followed is history: the state speaks for itself.
    expect(
      parcelStaffStatus({ state: 'picked-up', changes: [], unknown: [odd], lastScanAt: scan(6, 'UD', 'x').at }),
    ).toBe('Picked up');
  });
});
