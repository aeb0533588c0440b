/** What staff's `Book again` may do to an order now (docs/shop-rules.md §10 rule 15). */
import { describe, expect, it } from 'vitest';
import { bookedOrder, change, parcelOf } from '#tests/support/parcels.ts';
import type { StoredOrder } from '../order/index.ts';
import { bookAgainStep } from './staff-rules.ts';

const AT = '2026-12-02T10:00:00.000Z';

/** An order whose booking failed, in the status given. */
function unbooked(mode: 'cod' | 'prepaid', status: StoredOrder['status']): StoredOrder {
  const order = bookedOrder({ orderId: 'OUO_1', mode, unbooked: true });
  order.status = status;
  return order;
}

describe('bookAgainStep', () => {
  it('books a prepaid order again only once it is paid', () => {
    expect(bookAgainStep(unbooked('prepaid', 'paid'))).toBe('retry');
    expect(bookAgainStep(unbooked('prepaid', 'forwarded'))).toBe('retry');
    expect(bookAgainStep(unbooked('prepaid', 'pending'))).toBe('not-placed');
    expect(bookAgainStep(unbooked('prepaid', 'expired'))).toBe('not-placed');
  });

  it('books a COD order again unless it expired (its fee to pay now never paid)', () => {
    expect(bookAgainStep(unbooked('cod', 'pending'))).toBe('retry');
    expect(bookAgainStep(unbooked('cod', 'expired'))).toBe('not-placed');
    const advance = unbooked('cod', 'pending');
    advance.cod = { decision: { outcome: 'allow', reasons: [], at: AT }, advance: { amount: 150 } };
    expect(bookAgainStep(advance)).toBe('not-placed');
  });

  it('resends a parcel that came back or was lost, and refuses one on its way or a cancelled order', () => {
    const parcel = (state: 'returned' | 'lost' | 'in-transit') =>
      bookedOrder({ orderId: 'OUO_1', parcel: parcelOf(change(state, AT)) });
    expect(bookAgainStep(parcel('returned'))).toBe('resend');
    expect(bookAgainStep(parcel('lost'))).toBe('resend');
    expect(bookAgainStep(parcel('in-transit'))).toBe('already-booked');
    expect(bookAgainStep(bookedOrder({ orderId: 'OUO_1' }))).toBe('already-booked');
    const sending = unbooked('cod', 'pending');
    sending.forwards.shipment = { status: 'sending', attempts: 1 };
    expect(bookAgainStep(sending)).toBe('booking');
    expect(bookAgainStep(unbooked('cod', 'cancelled'))).toBe('cancelled');
  });
});
