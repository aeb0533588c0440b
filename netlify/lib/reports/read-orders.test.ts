import { describe, expect, it } from 'vitest';
import { bookedOrder } from '#tests/support/parcels.ts';
import { fromEveryOrder } from './read-orders.ts';

describe('fromEveryOrder', () => {
  it('reads every order of the log a few at a time, oldest id first, skipping ids whose record is gone', async () => {
    const ids = Array.from({ length: 40 }, (_, index) => `OUO_${String(100 + index)}`);
    let reading = 0;
    let most = 0;
    const log = {
      allOrderIds: async () => [...ids].reverse(),
      get: async (id: string) => {
        reading += 1;
        most = Math.max(most, reading);
        await new Promise((resolve) => setTimeout(resolve, 1));
        reading -= 1;
        return id.endsWith('7') ? undefined : bookedOrder({ orderId: id });
      },
    };
    const found = await fromEveryOrder(log, (order) => [order.orderId]);
    expect(found).toEqual(ids.filter((id) => !id.endsWith('7')));
    expect(most).toBe(16);
  });
});
