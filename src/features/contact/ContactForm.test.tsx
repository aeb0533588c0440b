import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { heldAnswer } from '#tests/support/held-answer.ts';
import { ownApiPost } from '#tests/support/msw.ts';
import { ContactForm } from './ContactForm.tsx';

const SUCCESS = "Thank you for your message! We'll get back to you soon.";
const ERROR = 'Sorry, there was an error submitting your message. Please try again or email us directly.';

const contactApi = (respond: () => Response | Promise<Response>, bodies: unknown[] = []) =>
  ownApiPost('/api/contact', respond, bodies);

async function fillIn(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByRole('textbox', { name: 'Full Name *' }), 'Ravi Negi');
  await user.type(screen.getByRole('textbox', { name: 'Email Address *' }), 'ravi@example.com');
  await user.type(screen.getByRole('textbox', { name: 'Subject *' }), 'Bulk order');
  await user.type(screen.getByRole('textbox', { name: 'Message *' }), 'Do you sell 5 kg packs?');
}

const leads = () => (window.__ouo?.pixelEvents ?? []).filter((event) => event.name === 'Lead');

beforeEach(() => {
  window.__ouo = { ...window.__ouo, pixelEvents: [] };
});
afterEach(() => vi.restoreAllMocks());

describe('<ContactForm>', () => {
  it('has the shop-rules §3 fields with browser-native checks and a hidden honeypot', () => {
    render(<ContactForm />);

    expect(screen.getByRole('form', { name: 'Send us a message' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Full Name *' })).toBeRequired();
    expect(screen.getByRole('textbox', { name: 'Email Address *' })).toHaveAttribute('type', 'email');
    const phone = screen.getByRole('textbox', { name: 'Phone (optional)' });
    expect(phone).not.toBeRequired();
    expect(phone).toHaveAttribute('placeholder', '+91 XXXXX XXXXX');
    expect(screen.getByRole('textbox', { name: 'Subject *' })).toBeRequired();
    expect(screen.getByRole('textbox', { name: 'Message *' })).toHaveAttribute('rows', '6');
    const honeypot = screen.getByLabelText('Leave this field empty');
    expect(honeypot).toHaveAttribute('name', 'website');
    expect(honeypot).toHaveAttribute('tabindex', '-1');
    expect(honeypot).toHaveAttribute('autocomplete', 'off');
  });

  it('sends the message, thanks the sender, clears the fields and reports a Lead', async () => {
    const answer = heldAnswer();
    const bodies = contactApi(answer.after(() => HttpResponse.json({ success: true }, { status: 201 })));
    const user = userEvent.setup();
    render(<ContactForm />);
    await fillIn(user);

    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByRole('button', { name: 'Sending...' })).toBeDisabled();
    answer.release();

    expect(await screen.findByText(SUCCESS)).toBeInTheDocument();
    expect(bodies).toEqual([
      {
        name: 'Ravi Negi',
        email: 'ravi@example.com',
        subject: 'Bulk order',
        message: 'Do you sell 5 kg packs?',
        website: '',
        submissionId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      },
    ]);
    expect(screen.getByRole('textbox', { name: 'Full Name *' })).toHaveValue('');
    expect(screen.getByRole('textbox', { name: 'Message *' })).toHaveValue('');
    expect(leads()).toHaveLength(1);
  });

  it('shows the error text on failure, logs a warning, keeps the fields and reports no Lead', async () => {
    contactApi(() =>
      HttpResponse.json({ error: { code: 'SHEET_UNAVAILABLE', message: 'Try again' } }, { status: 502 }),
    );
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const user = userEvent.setup();
    render(<ContactForm />);
    await fillIn(user);

    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    expect(await screen.findByText(ERROR)).toBeInTheDocument();
    expect(warn).toHaveBeenCalled();
    expect(screen.getByRole('textbox', { name: 'Full Name *' })).toHaveValue('Ravi Negi');
    expect(leads()).toHaveLength(0);
  });

  it('clears the previous status when a new submission starts, and resends under the same submission id', async () => {
    let fail = true;
    const bodies = contactApi(async () => {
      await delay(50);
      return fail
        ? HttpResponse.json({ error: { code: 'SHEET_UNAVAILABLE', message: 'x' } }, { status: 502 })
        : HttpResponse.json({ success: true }, { status: 201 });
    });
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const user = userEvent.setup();
    render(<ContactForm />);
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText(ERROR)).toBeInTheDocument();

    fail = false;
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    await screen.findByRole('button', { name: 'Sending...' });
    expect(screen.queryByText(ERROR)).not.toBeInTheDocument();
    expect(await screen.findByText(SUCCESS)).toBeInTheDocument();
    const [first, resent] = bodies as { submissionId: string }[];
    expect(resent?.submissionId).toBe(first?.submissionId);
  });
});
