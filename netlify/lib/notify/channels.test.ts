/** An email notice to an address that bounced or complained is given up with the reason, never sent. */
import { describe, expect, it, vi } from 'vitest';
import { bookedOrder } from '#tests/support/parcels.ts';
import type { OrderDeps } from '../orders/types.ts';
import { sendNotice } from './channels.ts';

describe('an email notice to an undeliverable address', () => {
  it('is given up at once with the reason, and nothing is asked of the mailer', async () => {
    const order = bookedOrder({ orderId: 'OUO_1' });
    order.emailUndeliverable = { emailId: 'OUO_1', kind: 'bounce', reason: '550 no such user', at: order.createdAt };
    const sendOrderEmail = vi.fn();
    const settings = vi.fn();
    const deps = { mail: { sendOrderEmail }, settings } as unknown as OrderDeps;
    expect(await sendNotice(deps, order, 'email:shipped', { channel: 'email', event: 'shipped' } as never)).toEqual({
      ok: false,
      reason: "the shopper's email is undeliverable (bounce on OUO_1); staff call instead",
      permanent: true,
    });
    expect(sendOrderEmail).not.toHaveBeenCalled();
    expect(settings).not.toHaveBeenCalled();
  });
});
