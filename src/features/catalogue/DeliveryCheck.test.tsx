import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { makePincodeAnswer } from '#tests/support/factories.ts';
import { server } from '#tests/support/msw.ts';
import { DeliveryCheck } from './DeliveryCheck.tsx';

/** Our own pincode API; records which pincodes were asked about. */
function pincodeApi(respond: (pin: string) => Response | Promise<Response>, asked: string[] = []) {
  server.use(
    http.get('*/api/pincode/:pin', ({ params }) => {
      const pin = String(params.pin);
      asked.push(pin);
      return respond(pin);
    }),
  );
  return asked;
}

async function checkPincode(pin: string) {
  const user = userEvent.setup();
  render(<DeliveryCheck />);
  const input = screen.getByRole('textbox', { name: 'Check delivery to your pincode' });
  if (pin) await user.type(input, pin);
  await user.click(screen.getByRole('button', { name: 'Check' }));
  return { user, input };
}

describe('<DeliveryCheck>', () => {
  it('offers a labelled pincode box made for a 6-digit number', () => {
    render(<DeliveryCheck />);

    expect(screen.getByRole('form', { name: 'Check delivery' })).toBeInTheDocument();
    const input = screen.getByRole('textbox', { name: 'Check delivery to your pincode' });
    expect(input).toHaveAttribute('inputmode', 'numeric');
    expect(input).toHaveAttribute('maxlength', '6');
    expect(input).toHaveAttribute('autocomplete', 'postal-code');
    expect(screen.getByRole('status')).toHaveAttribute('aria-live', 'polite');
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('says how soon it delivers and that Cash on Delivery is available', async () => {
    const asked = pincodeApi(() => HttpResponse.json(makePincodeAnswer()));

    await checkPincode('110001');

    expect(await screen.findByText('Delivers to 110001 in 4–6 days. Cash on Delivery available.')).toBeInTheDocument();
    // The answer is spoken from the polite live region.
    expect(screen.getByRole('status')).toHaveTextContent('Delivers to 110001 in 4–6 days. Cash on Delivery available.');
    expect(asked).toEqual(['110001']);
  });

  it('says when only online payment is possible', async () => {
    pincodeApi(() =>
      HttpResponse.json(makePincodeAnswer({ pincode: '194101', cod: false, estimatedDays: { min: 4, max: 6 } })),
    );

    await checkPincode('194101');

    expect(
      await screen.findByText('Delivers to 194101 in 4–6 days. Pay online; Cash on Delivery is not available here.'),
    ).toBeInTheDocument();
  });

  it('says when Cash on Delivery is the only way to pay', async () => {
    pincodeApi(() =>
      HttpResponse.json(makePincodeAnswer({ pincode: '249135', prepaid: false, estimatedDays: { min: 2, max: 4 } })),
    );
    await checkPincode('249135');
    expect(await screen.findByText('Delivers to 249135 in 2–4 days. Cash on Delivery only.')).toBeInTheDocument();
  });

  it('says when it does not deliver there', async () => {
    pincodeApi(() =>
      HttpResponse.json(makePincodeAnswer({ pincode: '999999', serviceable: false, prepaid: false, cod: false })),
    );

    await checkPincode('999999');

    expect(await screen.findByText('Sorry, we do not deliver to 999999 yet.')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Sorry, we do not deliver to 999999 yet.');
  });

  it('gives the usual delivery time when serviceability could not be confirmed', async () => {
    pincodeApi(() =>
      HttpResponse.json(
        makePincodeAnswer({
          pincode: '400001',
          serviceable: null,
          prepaid: null,
          cod: null,
          estimatedDays: { min: 5, max: 8 },
          estimate: true,
        }),
      ),
    );

    await checkPincode('400001');

    expect(
      await screen.findByText(
        'We could not confirm delivery to 400001 just now. Orders there usually arrive in 5–8 days.',
      ),
    ).toBeInTheDocument();
  });

  it.each(['12345', '', 'abcdef', '012345'])('asks for a valid pincode instead of checking %j', async (pin) => {
    const asked = pincodeApi(() => HttpResponse.json(makePincodeAnswer()));

    const { input } = await checkPincode(pin);

    expect(await screen.findByText('Please enter a valid 6-digit pincode')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Please enter a valid 6-digit pincode');
    expect(asked).toEqual([]);
  });

  it('keeps the typed pincode to 6 characters', async () => {
    const user = userEvent.setup();
    render(<DeliveryCheck />);
    const input = screen.getByRole('textbox', { name: 'Check delivery to your pincode' });
    await user.type(input, '1100019');
    expect(input).toHaveValue('110001');
  });

  it('says so gently when the check fails', async () => {
    pincodeApi(() => HttpResponse.json({ error: { code: 'INTERNAL', message: 'boom' } }, { status: 500 }));

    await checkPincode('110001');

    expect(
      await screen.findByText('We could not check delivery just now. Please try again in a moment.'),
    ).toBeInTheDocument();
  });

  it('says so gently when the network is down', async () => {
    pincodeApi(() => HttpResponse.error());
    await checkPincode('110001');
    expect(await screen.findByText(/We could not check delivery just now/)).toBeInTheDocument();
  });

  it('does not trust an answer that does not match the contract', async () => {
    pincodeApi(() => HttpResponse.json({ pincode: '110001', serviceable: 'yes' }));
    await checkPincode('110001');
    expect(await screen.findByText(/We could not check delivery just now/)).toBeInTheDocument();
  });

  it('shows the answer for the latest pincode when an earlier check is slower', async () => {
    pincodeApi(async (pin) => {
      if (pin === '110001') await delay(150);
      return HttpResponse.json(makePincodeAnswer({ pincode: pin, estimatedDays: { min: 5, max: 8 } }));
    });
    const { user, input } = await checkPincode('110001');

    await user.clear(input);
    await user.type(input, '560001{Enter}');

    expect(await screen.findByText(/Delivers to 560001 in 5–8 days/)).toBeInTheDocument();
    await delay(200);
    expect(screen.getByRole('status')).toHaveTextContent('Delivers to 560001');
  });
});
