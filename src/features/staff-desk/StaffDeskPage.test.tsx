import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '#tests/support/msw.ts';
import { StaffDeskPage } from './StaffDeskPage.tsx';

const order = {
  orderId: 'OUO_1734000000001',
  status: 'Booked',
  total: 784,
  mode: 'prepaid' as const,
  paymentStatus: 'Completed',
  refunded: '',
};

describe('<StaffDeskPage>', () => {
  it('lists the orders and posts a refund with its amount, then shows the answer', async () => {
    const posted: unknown[] = [];
    server.use(
      http.get('*/api/dev/staff', () => HttpResponse.json({ orders: [order] })),
      http.post('*/api/dev/staff', async ({ request }) => {
        posted.push(await request.json());
        return HttpResponse.json({ ok: true, result: 'Refund of ₹200 made (rfnd_1).' });
      }),
    );
    render(<StaffDeskPage />);
    const row = (await screen.findByRole('rowheader', { name: order.orderId })).closest('tr') as HTMLElement;
    expect(within(row).getByText('₹784')).toBeInTheDocument();
    const user = userEvent.setup();
    const refund = within(row).getByRole('button', { name: 'Refund' });
    expect(refund).toBeDisabled();
    await user.type(within(row).getByRole('textbox', { name: 'Refund ₹' }), '200');
    await user.click(refund);
    expect(await within(row).findByText('Refund of ₹200 made (rfnd_1).')).toBeInTheDocument();
    expect(posted).toEqual([{ orderId: order.orderId, action: 'refund', amount: 200 }]);
    await user.click(within(row).getByRole('button', { name: 'Cancel' }));
    expect(posted).toHaveLength(2);
  });

  it('says what the server said when the desk is not there (production)', async () => {
    server.use(
      http.get('*/api/dev/staff', () =>
        HttpResponse.json({ error: { code: 'NOT_FOUND', message: 'There is no staff desk here.' } }, { status: 404 }),
      ),
    );
    render(<StaffDeskPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent('There is no staff desk here.');
  });
});
