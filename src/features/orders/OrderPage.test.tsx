import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, HttpResponse, http } from 'msw';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeOrderView } from '#tests/support/factories.ts';
import { server } from '#tests/support/msw.ts';

import type { OrderView } from '../../shop/schemas/index.ts';
import { text } from '../../shop/texts/server.ts';
import { OrderPage, type Seller } from './OrderPage.tsx';

const KEY = '0123456789abcdef0123456789abcdef';
const SELLER: Seller = {
  shopName: 'Orang Utan Organics',
  address: 'Orang Utan Organics, Uttarkashi, Uttarakhand 249193, India',
  contactEmail: 'hello@orangutanorganics.in',
  contactPhone: '+91 98765 43210',
  whatsappNumber: '919876543210',
};
const WHAT_NEXT = [
  {
    heading: 'When your order leaves us',
    body: [
      {
        _type: 'block',
        _key: 'a',
        style: 'normal',
        markDefs: [],
        children: [{ _type: 'span', _key: 'a0', text: 'All orders are dispatched within 2 working days.', marks: [] }],
      },
    ],
  },
];

/** The order API as the test says; records the addresses asked for. */
function orderApi(respond: () => Response | Promise<Response>) {
  const asked: string[] = [];
  server.use(
    http.get('*/api/orders/:orderId', ({ request }) => {
      asked.push(new URL(request.url).pathname + new URL(request.url).search);
      return respond();
    }),
  );
  return asked;
}

function renderPage(orderId: string | undefined = 'OUO_1764057000000', key: string | null = KEY) {
  render(
    <MemoryRouter>
      <OrderPage orderId={orderId} orderKey={key} seller={SELLER} whatHappensNext={WHAT_NEXT} />
    </MemoryRouter>,
  );
}

const notFound = () =>
  HttpResponse.json({ error: { code: 'NOT_FOUND', message: text('forms.orderNotFound') } }, { status: 404 });

afterEach(() => vi.restoreAllMocks());

describe('<OrderPage>', () => {
  it('holds the page while the order is asked for, then shows it', async () => {
    const asked = orderApi(async () => {
      await delay(50);
      return HttpResponse.json(makeOrderView());
    });
    renderPage();

    expect(screen.getByRole('status')).toHaveTextContent('Loading your order…');
    expect(screen.getByRole('heading', { level: 1, name: 'Your order' })).toBeInTheDocument();

    expect(await screen.findByText('OUO_1764057000000')).toBeInTheDocument();
    expect(asked).toEqual([`/api/orders/OUO_1764057000000?key=${KEY}`]);
    expect(document.querySelector('.order-page__meta')).toHaveTextContent(
      'Order OUO_1764057000000, placed 25 Nov 2026, 2:30 pm',
    );
  });

  it('shows each line, the money, the payment and the whole delivery address', async () => {
    orderApi(() => HttpResponse.json(makeOrderView()));
    renderPage();

    const items = await screen.findByRole('table');
    const rows = within(items)
      .getAllByRole('row')
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['Item', 'Qty', 'Price', 'Total'],
      ['Himalayan White Rajma 500gmHSN 07133300', '2', '₹347', '₹694'],
      ['Badri Cow Ghee 120gmHSN 040590', '1', '₹450', '₹450'],
    ]);
    const money = screen
      .getAllByRole('term')
      .map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`);
    expect(money).toEqual([
      'Subtotal: ₹1,144',
      'Shipping: Free',
      'COD charge: ₹150',
      'Total: ₹1,294',
      'Payment: Cash on Delivery',
      'Payment status: Pay on delivery',
    ]);
    const address = screen.getByRole('region', { name: 'Delivery address' });
    expect(address).toHaveTextContent(
      'Asha Rawat12 Mall RoadNear the clock towerDehradun, Uttarakhand 248001Phone: 98765 43210Email: asha@example.in',
    );
  });

  it('shows the timeline with times, the carrier link opening Delhivery, and says when tracking is simulated', async () => {
    orderApi(() => HttpResponse.json(makeOrderView()));
    renderPage();

    const status = await screen.findByRole('region', { name: 'Status' });
    expect(within(status).getByText('Simulated tracking (test carrier)')).toBeInTheDocument();
    const steps = within(status).getAllByRole('listitem');
    expect(steps.map((step) => step.querySelector('.order-timeline__title')?.textContent)).toEqual([
      'Order placed',
      'Handed to Delhivery',
      'Picked up by Delhivery',
      'On its way',
    ]);
    expect(steps.at(-1)).toHaveAttribute('aria-current', 'step');
    expect(steps[2]).toHaveTextContent('25 Nov 2026, 8:30 pm');
    const delhivery = within(status).getByRole('link', { name: /^Track on Delhivery ?\(opens in a new tab\)$/ });
    expect(delhivery).toHaveAttribute('href', 'https://www.delhivery.com/track-v2/package/SIM1764057000000');
    expect(delhivery).toHaveAttribute('target', '_blank');
    expect(delhivery).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('leaves out the COD charge and the simulated note when there are none', async () => {
    orderApi(() =>
      HttpResponse.json(
        makeOrderView({
          paymentMode: 'prepaid',
          paymentStatus: 'Paid',
          totals: { subtotal: 1144, shippingCharge: 0, codCharge: 0, total: 1144 },
          simulatedTracking: false,
        }),
      ),
    );
    renderPage();

    expect(await screen.findByText('Online payment (Razorpay)')).toBeInTheDocument();
    expect(screen.queryByText('COD charge')).not.toBeInTheDocument();
    expect(screen.queryByText('Simulated tracking (test carrier)')).not.toBeInTheDocument();
  });

  it('offers the receipt to print, WhatsApp with the order id, and what happens next from the policy', async () => {
    orderApi(() => HttpResponse.json(makeOrderView()));
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderPage();

    await user.click(await screen.findByRole('button', { name: 'Print receipt' }));
    expect(print).toHaveBeenCalledOnce();
    const whatsapp = screen.getByRole('link', {
      name: /^Ask about this order on WhatsApp ?\(opens in a new tab\)$/,
    });
    expect(whatsapp).toHaveAttribute(
      'href',
      `https://wa.me/919876543210?text=${encodeURIComponent('Hi! I have a question about my order OUO_1764057000000.')}`,
    );
    expect(whatsapp).toHaveAttribute('rel', 'noopener noreferrer');
    const next = screen.getByRole('region', { name: 'What happens next' });
    expect(within(next).getByRole('heading', { level: 3, name: 'When your order leaves us' })).toBeInTheDocument();
    expect(next).toHaveTextContent('All orders are dispatched within 2 working days.');
    expect(within(next).getByRole('link', { name: 'Our shipping and delivery policy' })).toHaveAttribute(
      'href',
      '/policies/shipping',
    );
    // The receipt names the seller from shop settings (shown in print only).
    expect(screen.getByText(SELLER.address)).toBeInTheDocument();
  });

  it('shows a name with HTML in it as text', async () => {
    const order: OrderView = makeOrderView();
    orderApi(() => HttpResponse.json({ ...order, address: { ...order.address, name: 'Asha <b>Rawat</b>' } }));
    renderPage();

    const address = await screen.findByRole('region', { name: 'Delivery address' });
    expect(address).toHaveTextContent('Asha <b>Rawat</b>');
    expect(address.querySelector('b')).toBeNull();
  });

  it("says 'Order not found' for an unknown id or a wrong key, as the server does", async () => {
    orderApi(notFound);
    renderPage();

    expect(await screen.findByRole('heading', { level: 1, name: 'Order not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Track an order' })).toHaveAttribute('href', '/track');
  });

  it.each([
    ['without a key', 'OUO_1764057000000', null],
    ['with an empty key', 'OUO_1764057000000', ''],
    ["at the shell's own address", 'shell', KEY],
  ])("says 'Order not found' without asking %s", async (_, orderId, key) => {
    const asked = orderApi(() => HttpResponse.json(makeOrderView()));
    renderPage(orderId, key);

    expect(await screen.findByRole('heading', { level: 1, name: 'Order not found' })).toBeInTheDocument();
    expect(asked).toEqual([]);
  });

  it('says when the server cannot be reached, and tries again on request', async () => {
    let reachable = false;
    orderApi(() => (reachable ? HttpResponse.json(makeOrderView()) : HttpResponse.json({}, { status: 503 })));
    const user = userEvent.setup();
    renderPage();

    const problem = await screen.findByRole('alert');
    expect(problem).toHaveTextContent('We could not reach our server to show this order.');
    reachable = true;
    await user.click(within(problem).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('OUO_1764057000000')).toBeInTheDocument();
  });

  it('says the same when the network fails', async () => {
    orderApi(() => HttpResponse.error());
    renderPage();

    expect(await screen.findByRole('alert')).toHaveTextContent('Please check your connection and try again');
  });
});
