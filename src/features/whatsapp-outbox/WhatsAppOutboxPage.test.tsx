import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '#tests/support/msw.ts';
import type { DevWhatsAppOutbox } from '../../shop/schemas/index.ts';
import { WhatsAppOutboxPage } from './WhatsAppOutboxPage.tsx';

const orderId = 'OUO_1734000000001';
const outbox = (status: string): DevWhatsAppOutbox => ({
  chats: [
    {
      phone: '9876543210',
      name: 'Asha Rawat',
      messages: [
        {
          from: 'shop',
          id: `${orderId}-delivery-failed`,
          orderId,
          template: 'delivery_failed',
          language: 'en',
          body: 'Hi Asha, Delhivery could not deliver your order today.',
          buttons: [
            { text: 'Deliver tomorrow', payload: `NDR_DELIVER_TOMORROW:${orderId}` },
            { text: 'Track order', url: 'https://orangutanorganics.in/track' },
          ],
          at: '2026-11-26T10:00:00.000Z',
          status,
        },
        { from: 'shopper', id: 'wamid.x', at: '2026-11-26T10:05:00.000Z', text: 'STOP', outcome: 'opted out' },
      ],
      awaiting: [],
    },
  ],
});

describe('<WhatsAppOutboxPage>', () => {
  it("shows each conversation as the phone does, and plays the shopper's taps, words and callbacks", async () => {
    const posted: unknown[] = [];
    let status = 'sent';
    server.use(
      http.get('*/api/dev/whatsapp', () => HttpResponse.json(outbox(status))),
      http.post('*/api/dev/whatsapp', async ({ request }) => {
        posted.push(await request.json());
        status = 'read';
        return HttpResponse.json({ ok: true, outcomes: ['reply recorded'] });
      }),
    );
    render(<WhatsAppOutboxPage />);
    const chat = await screen.findByRole('region', { name: 'Asha Rawat · +91 98765 43210' });
    expect(within(chat).getByText('Hi Asha, Delhivery could not deliver your order today.')).toBeInTheDocument();
    expect(within(chat).getByText('✓ Sent')).toBeInTheDocument();
    expect(within(chat).getByRole('link', { name: 'Track order' })).toHaveAttribute(
      'href',
      'https://orangutanorganics.in/track',
    );
    expect(within(chat).getByText(/The shop: opted out/)).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(within(chat).getByRole('button', { name: 'Shopper taps “Deliver tomorrow”' }));
    expect(await within(chat).findByText('The shop: reply recorded')).toBeInTheDocument();
    expect(await within(chat).findByText('✓✓ Read')).toBeInTheDocument();
    expect(within(chat).queryByRole('button', { name: 'Shopper reads it' })).not.toBeInTheDocument();
    await user.type(within(chat).getByRole('textbox', { name: 'Shopper writes…' }), 'Is it coming today?');
    await user.click(within(chat).getByRole('button', { name: 'Send as the shopper' }));
    expect(posted).toEqual([
      { kind: 'tap', messageId: `${orderId}-delivery-failed`, button: 0 },
      { kind: 'write', phone: '9876543210', text: 'Is it coming today?' },
    ]);
  });

  it('plays the delivered and read callbacks of a message just sent', async () => {
    const posted: unknown[] = [];
    server.use(
      http.get('*/api/dev/whatsapp', () => HttpResponse.json(outbox('sent'))),
      http.post('*/api/dev/whatsapp', async ({ request }) => {
        posted.push(await request.json());
        return HttpResponse.json({ ok: true, outcomes: [] });
      }),
    );
    render(<WhatsAppOutboxPage />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Phone reports it delivered' }));
    await user.click(screen.getByRole('button', { name: 'Shopper reads it' }));
    expect(await screen.findByText('The shop: nothing to do')).toBeInTheDocument();
    expect(posted).toEqual([
      { kind: 'status', messageId: `${orderId}-delivery-failed`, status: 'delivered' },
      { kind: 'status', messageId: `${orderId}-delivery-failed`, status: 'read' },
    ]);
  });

  it('sends CONFIRM for an order awaiting it, from the shopper’s phone or from another', async () => {
    const posted: unknown[] = [];
    const text = `CONFIRM ${orderId} K7QX`;
    server.use(
      http.get('*/api/dev/whatsapp', () =>
        HttpResponse.json({ chats: [{ ...outbox('sent').chats[0], awaiting: [{ orderId, text }] }] }),
      ),
      http.post('*/api/dev/whatsapp', async ({ request }) => {
        posted.push(await request.json());
        return HttpResponse.json({ ok: true, outcomes: ['confirmation: confirmed'] });
      }),
    );
    render(<WhatsAppOutboxPage />);
    const user = userEvent.setup();
    expect(await screen.findByText(`${orderId} waits for its confirmation.`, { exact: false })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: `Shopper sends “${text}”` }));
    await user.click(screen.getByRole('button', { name: 'Another phone sends it' }));
    expect(await screen.findByText('The shop: confirmation: confirmed')).toBeInTheDocument();
    expect(posted).toEqual([
      { kind: 'write', phone: '9876543210', text },
      { kind: 'write', phone: '9000000001', text },
    ]);
  });

  it('says when the outbox is empty, and when its function is not there', async () => {
    server.use(http.get('*/api/dev/whatsapp', () => HttpResponse.json({ chats: [] })));
    const { unmount } = render(<WhatsAppOutboxPage />);
    expect(
      await screen.findByText('No messages yet: place an order with WhatsApp updates ticked.'),
    ).toBeInTheDocument();
    unmount();
    server.use(
      http.get('*/api/dev/whatsapp', () =>
        HttpResponse.json(
          { error: { code: 'NOT_FOUND', message: 'There is no WhatsApp outbox here.' } },
          { status: 404 },
        ),
      ),
    );
    render(<WhatsAppOutboxPage />);
    expect(await screen.findByRole('alert')).toBeInTheDocument();
  });

  it('shows the server’s words when the phone cannot send', async () => {
    server.use(
      http.get('*/api/dev/whatsapp', () => HttpResponse.json(outbox('read'))),
      http.post('*/api/dev/whatsapp', () =>
        HttpResponse.json(
          { error: { code: 'NOT_FOUND', message: 'There is no message in the outbox.' } },
          { status: 404 },
        ),
      ),
    );
    render(<WhatsAppOutboxPage />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Shopper taps “Deliver tomorrow”' }));
    expect(await screen.findByText('There is no message in the outbox.')).toBeInTheDocument();
  });
});
