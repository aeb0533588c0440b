/**
 * The COD rules at checkout (docs/shop-rules.md §10 rule 17): once the phone, the address and the
 * pincode are typed, the checkout asks the server (debounced); plain COD is switched off, described
 * by the rules' sentence, unless they allow it; while unknown, or when the call fails, nothing is
 * blocked (the server decides at Place Order).
 */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { makeCartItem } from '#tests/support/factories.ts';
import { ownApiPost } from '#tests/support/msw.ts';
import { useSchemaForm } from '../../components/form/index.ts';
import type { CheckoutPayment } from '../../shop/cod/index.ts';
import { text } from '../../shop/texts/server.ts';
import { DeliveryFields } from './DeliveryFields.tsx';
import { PaymentChoice } from './PaymentChoice.tsx';
import { codOffSentence, type TypedDelivery, typedDelivery, useCodOptions } from './use-cod-options.ts';

vi.mock('../../config/env.ts', () => ({ publicEnv: { WHATSAPP_UPDATES: false } }));

/** The checkout's delivery and payment, wired as CheckoutPage wires them. */
function Checkout() {
  const form = useSchemaForm({ schema: (schemas) => schemas.checkoutFormSchema, onValid: async () => 'idle' });
  const [delivery, setDelivery] = useState<TypedDelivery>();
  const [chosen, setPayment] = useState<CheckoutPayment>('prepaid');
  const options = useCodOptions([makeCartItem()], delivery);
  const off = codOffSentence(undefined, options);
  const advanceOff = options?.outcome === 'prepaid_only' ? off : undefined;
  return (
    <form aria-label="Checkout" noValidate onInput={(event) => setDelivery(typedDelivery(event.currentTarget))}>
      <DeliveryFields form={form} onPincode={() => {}} pincodeProblem={undefined} />
      <PaymentChoice
        payment={(chosen === 'cod' && off) || (chosen === 'cod-advance' && advanceOff) ? 'prepaid' : chosen}
        onPayment={setPayment}
        codCharge={150}
        codUnavailable={off}
        advanceUnavailable={advanceOff}
      />
    </form>
  );
}

const codOptionsApi = (respond: () => Response) => ownApiPost('/api/checkout/cod-options', respond);

async function typeDelivery(address1: string) {
  const user = userEvent.setup();
  await user.type(screen.getByRole('textbox', { name: /Phone/ }), '98765 43210');
  await user.type(screen.getByRole('textbox', { name: /Address line 1/ }), address1);
  await user.type(screen.getByRole('textbox', { name: /State/ }), 'Kerala');
  await user.type(screen.getByRole('textbox', { name: /Pincode/ }), '248001');
  return user;
}

const cod = () => screen.getByRole('radio', { name: /^Cash on Delivery/ });
const advance = () => screen.getByRole('radio', { name: /^Pay the ₹150 COD fee now/ });
const WAIT = { timeout: 3000 };

describe('the COD rules at checkout', () => {
  it('asks once the delivery is typed, and turns plain COD off with the sentence', async () => {
    const sentence = text('cod.stateMismatch', { pincode: '248001' });
    const bodies = codOptionsApi(() => HttpResponse.json({ outcome: 'allow_with_advance', message: sentence }));
    render(<Checkout />);
    const user = await typeDelivery('asdf');
    await user.click(cod());
    expect(cod()).toBeChecked(); // unknown yet: nothing blocked

    expect(await screen.findByText(sentence, {}, WAIT)).toBeInTheDocument();
    expect(cod()).toBeDisabled();
    expect(cod()).toHaveAccessibleDescription(sentence);
    expect(screen.getByRole('radio', { name: /Pay online/ })).toBeChecked();
    // The fee paid now stays: the rules allow COD with it.
    expect(advance()).toBeEnabled();
    // Asked once for what was typed in the end, not once per key.
    expect(bodies).toEqual([
      {
        lines: [{ productId: 1, size: '500gm', quantity: 1 }],
        delivery: {
          phone: '9876543210',
          address1: 'asdf',
          address2: '',
          city: '',
          state: 'Kerala',
          pincode: '248001',
        },
      },
    ]);
  });

  it('keeps COD when the rules allow it, and when the check fails', async () => {
    const bodies = codOptionsApi(() => HttpResponse.json({ outcome: 'allow', message: null }));
    const { unmount } = render(<Checkout />);
    await typeDelivery('12 Mall Road');
    await vi.waitFor(() => expect(bodies).toHaveLength(1), WAIT);
    expect(cod()).toBeEnabled();
    unmount();

    const failed = codOptionsApi(() => HttpResponse.json({ error: 'down' }, { status: 503 }));
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    render(<Checkout />);
    await typeDelivery('asdf');
    await vi.waitFor(() => expect(failed).toHaveLength(1), WAIT);
    expect(cod()).toBeEnabled();
    expect(screen.queryByText(text('cod.address'))).toBeNull();
  });

  it('turns the fee paid now off too when the rules say prepaid only', async () => {
    const sentence = text('cod.prepaidOnly');
    codOptionsApi(() => HttpResponse.json({ outcome: 'prepaid_only', message: sentence }));
    render(<Checkout />);
    await typeDelivery('12 Mall Road');
    expect(await screen.findByText(sentence, {}, WAIT)).toBeInTheDocument();
    expect(cod()).toBeDisabled();
    expect(advance()).toBeDisabled();
    expect(advance()).toHaveAccessibleDescription(sentence);
  });

  it('names the carrier’s refusal before the rules', () => {
    expect(codOffSentence('no cash here', { outcome: 'allow', message: null })).toBe('no cash here');
    expect(codOffSentence(undefined, undefined)).toBeUndefined();
  });
});
