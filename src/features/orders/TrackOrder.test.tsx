import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeTrackView } from '#tests/support/factories.ts';
import { heldAnswer } from '#tests/support/held-answer.ts';
import { ownApiPost } from '#tests/support/msw.ts';
import { text } from '../../shop/texts/server.ts';
import { TrackOrder } from './TrackOrder.tsx';

const trackApi = (respond: () => Response | Promise<Response>) => ownApiPost('/api/track', respond);

async function lookUp(orderId: string, phone: string) {
  const user = userEvent.setup();
  if (orderId) await user.type(screen.getByRole('textbox', { name: 'Order ID' }), orderId);
  if (phone) await user.type(screen.getByRole('textbox', { name: 'Phone number used at checkout' }), phone);
  await user.click(screen.getByRole('button', { name: 'Track order' }));
}

describe('<TrackOrder>', () => {
  it('has labelled fields and checks them itself (no browser pop-ups)', () => {
    render(<TrackOrder />);

    const form = screen.getByRole('form', { name: 'Find your order' });
    expect(form).toHaveAttribute('novalidate');
    expect(screen.getByRole('textbox', { name: 'Order ID' })).toHaveAttribute('name', 'orderId');
    expect(screen.getByRole('textbox', { name: 'Phone number used at checkout' })).toHaveAttribute('type', 'tel');
  });

  it('shows the order with its timeline, lines and totals, and the address cut to city and pincode', async () => {
    const answer = heldAnswer();
    const bodies = trackApi(answer.after(() => HttpResponse.json(makeTrackView())));
    render(<TrackOrder />);

    await lookUp(' OUO_1764057000000 ', '+91 98765-43210');
    expect(await screen.findByRole('button', { name: 'Looking up...' })).toBeDisabled();
    answer.release();

    const result = await screen.findByRole('article', { name: 'Order OUO_1764057000000' });
    // The phone is sent as the 10 digits the shop keeps (one phone rule, issue 37 §5).
    expect(bodies).toEqual([{ orderId: 'OUO_1764057000000', phone: '9876543210' }]);
    expect(result).toHaveTextContent('Delivering to Dehradun 248001');
    expect(result).not.toHaveTextContent('Mall Road');
    expect(within(result).getByRole('region', { name: 'Status' })).toHaveTextContent('On its way');
    expect(within(result).getAllByRole('row')).toHaveLength(3);
    const total = within(result)
      .getAllByRole('term')
      .find((term) => term.textContent === 'Total');
    expect(total?.nextElementSibling).toHaveTextContent('₹1,294');
    // Focus moves in an effect, which React may run a moment after the article is in the page.
    const heading = within(result).getByRole('heading', { level: 2, name: 'Order OUO_1764057000000' });
    await waitFor(() => expect(heading).toHaveFocus());
  });

  it("answers any mismatch with the server's one message", async () => {
    trackApi(() =>
      HttpResponse.json({ error: { code: 'NOT_FOUND', message: text('forms.trackNotFound') } }, { status: 404 }),
    );
    render(<TrackOrder />);

    await lookUp('OUO_1764057000000', '9999999999');

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We could not find an order with that id and phone number',
    );
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });

  it('says so when the server cannot be reached', async () => {
    trackApi(() => HttpResponse.error());
    render(<TrackOrder />);

    await lookUp('OUO_1764057000000', '9876543210');

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We could not reach our server. Please check your connection and try again.',
    );
  });

  it.each([
    ['', '', 'orderId', text('forms.orderId')],
    ['OUO_123', '9876543210', 'orderId', text('forms.orderId')],
    ['OUO_1764057000000', '', 'phone', text('forms.required')],
    ['OUO_1764057000000', '98765', 'phone', text('forms.phone')],
  ])(
    "refuses id %j with phone %j beside the field, in the shop's words, and sends nothing",
    async (orderId, phone, field, message) => {
      const bodies = trackApi(() => HttpResponse.json(makeTrackView()));
      render(<TrackOrder />);

      await lookUp(orderId, phone);

      const input = screen.getByRole('textbox', {
        name: field === 'orderId' ? 'Order ID' : 'Phone number used at checkout',
      });
      expect(await screen.findByText(message)).toBeInTheDocument();
      expect(input).toHaveAttribute('aria-invalid', 'true');
      expect(input).toHaveAccessibleDescription(message);
      expect(bodies).toEqual([]);
    },
  );
});
