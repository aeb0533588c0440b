/**
 * The checkout's WhatsApp consent and the messages' language (docs/shop-rules.md §8, §10 rule 16):
 * the choice appears once the box is ticked, English chosen at first, and the request carries
 * the box and the language only when ticked.
 */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { useSchemaForm } from '../../components/form/index.ts';
import { text } from '../../shop/texts/server.ts';
import { DeliveryFields, whatsappChoice } from './DeliveryFields.tsx';

// The production build offers the box only when the owner turns it on; this one does.
vi.mock('../../config/env.ts', () => ({ publicEnv: { WHATSAPP_UPDATES: true } }));

function Checkout() {
  const form = useSchemaForm({ schema: (schemas) => schemas.checkoutFormSchema, onValid: async () => 'idle' });
  return (
    <form aria-label="Checkout" onSubmit={form.onSubmit} noValidate>
      <DeliveryFields form={form} onPincode={() => {}} pincodeProblem={undefined} />
    </form>
  );
}

const consent = () => screen.getByRole('checkbox', { name: text('whatsapp.consent') });
const language = () => screen.queryByRole('group', { name: text('whatsapp.language') });
const choice = () => whatsappChoice(screen.getByRole('form', { name: 'Checkout' }));

describe('the WhatsApp consent at checkout', () => {
  it('asks for the language only once the box is ticked, English first, and sends what was chosen', async () => {
    const user = userEvent.setup();
    render(<Checkout />);
    expect(consent()).not.toBeChecked();
    expect(language()).toBeNull();
    expect(choice()).toEqual({});

    await user.click(consent());
    expect(language()).toBeInTheDocument();
    const english = screen.getByRole('radio', { name: text('whatsapp.languages.en') });
    const hindi = screen.getByRole('radio', { name: text('whatsapp.languages.hi') });
    expect(english).toBeChecked();
    expect(hindi).not.toBeChecked();
    expect(hindi.nextElementSibling).toHaveAttribute('lang', 'hi');
    expect(choice()).toEqual({ whatsappUpdates: true, whatsappLanguage: 'en' });

    await user.click(hindi);
    expect(choice()).toEqual({ whatsappUpdates: true, whatsappLanguage: 'hi' });
  });

  it('sends nothing of WhatsApp, the language neither, once the box is unticked again', async () => {
    const user = userEvent.setup();
    render(<Checkout />);
    await user.click(consent());
    await user.click(screen.getByRole('radio', { name: text('whatsapp.languages.hi') }));
    await user.click(consent());
    expect(language()).toBeNull();
    expect(choice()).toEqual({});
  });

  it('shows the choice for a box ticked before the page was live (decision 015)', async () => {
    const container = document.body.appendChild(document.createElement('div'));
    container.innerHTML = renderToString(<Checkout />);
    const box = container.querySelector<HTMLInputElement>('input[type="checkbox"]');
    if (!box) throw new Error('no consent box in the prerendered page');
    box.checked = true;
    render(<Checkout />, { container, hydrate: true });
    expect(await screen.findByRole('group', { name: text('whatsapp.language') })).toBeInTheDocument();
    expect(choice()).toEqual({ whatsappUpdates: true, whatsappLanguage: 'en' });
  });
});
