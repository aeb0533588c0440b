import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { server } from '../../../tests/support/msw.ts';
import { ReviewForm } from './ReviewForm.tsx';

const SUCCESS = 'Thank you for your review! It will be published after approval.';
const ERROR = 'Oops! Something went wrong. Please try again.';

function reviewPostApi(respond: () => Response | Promise<Response>, bodies: unknown[] = []) {
  server.use(
    http.post('*/api/reviews', async ({ request }) => {
      bodies.push(await request.json());
      return respond();
    }),
  );
  return bodies;
}

async function fillIn(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByRole('textbox', { name: 'Your Name *' }), 'Asha Rawat');
  await user.type(screen.getByRole('textbox', { name: 'Your Email *' }), 'asha@example.com');
  await user.selectOptions(screen.getByRole('combobox', { name: 'Rating *' }), '4');
  await user.type(screen.getByRole('textbox', { name: 'Your Review *' }), 'Smells like home.');
  await user.type(screen.getByRole('textbox', { name: 'Location (optional)' }), 'Dehradun, Uttarakhand');
}

let scrollTo: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('<ReviewForm>', () => {
  it('has the shop-rules §3 fields, a 5-to-1 rating defaulting to 5, and a hidden honeypot', () => {
    render(<ReviewForm product="Badri Cow Ghee" />);

    expect(screen.getByRole('heading', { name: 'Write a Review' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Your Email *' })).toHaveAttribute('type', 'email');
    expect(screen.getByRole('textbox', { name: 'Location (optional)' })).toHaveAttribute('placeholder', 'City, State');
    const rating = screen.getByRole('combobox', { name: 'Rating *' });
    expect(rating).toHaveValue('5');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      '5 - Excellent',
      '4 - Very Good',
      '3 - Good',
      '2 - Fair',
      '1 - Poor',
    ]);
    const honeypot = screen.getByLabelText('Leave this field empty');
    expect(honeypot).toHaveAttribute('name', 'website');
    expect(honeypot).toHaveAttribute('tabindex', '-1');
    expect(honeypot).toHaveAttribute('autocomplete', 'off');
  });

  it('shows the schema messages and sends nothing when required fields are missing', async () => {
    const bodies = reviewPostApi(() => HttpResponse.json({ success: true }, { status: 201 }));
    const user = userEvent.setup();
    render(<ReviewForm product="Badri Cow Ghee" />);

    await user.click(screen.getByRole('button', { name: 'Submit Review' }));

    expect(await screen.findByText('Please enter your name')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Please write your review')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Your Name *' })).toHaveAttribute('aria-invalid', 'true');
    expect(bodies).toEqual([]);
  });

  it('submits, thanks the reviewer for 5 seconds, resets the fields and scrolls to the top', async () => {
    const bodies = reviewPostApi(async () => {
      await delay(50);
      return HttpResponse.json({ success: true }, { status: 201 });
    });
    const user = userEvent.setup();
    render(<ReviewForm product="Badri Cow Ghee" />);
    await fillIn(user);

    await user.click(screen.getByRole('button', { name: 'Submit Review' }));
    expect(await screen.findByRole('button', { name: 'Submitting...' })).toBeDisabled();

    expect(await screen.findByText(SUCCESS)).toBeInTheDocument();
    expect(bodies).toEqual([
      {
        name: 'Asha Rawat',
        email: 'asha@example.com',
        rating: 4,
        review: 'Smells like home.',
        location: 'Dehradun, Uttarakhand',
        product: 'Badri Cow Ghee',
        website: '',
      },
    ]);
    expect(screen.getByRole('textbox', { name: 'Your Name *' })).toHaveValue('');
    expect(screen.getByRole('combobox', { name: 'Rating *' })).toHaveValue('5');
    expect(screen.getByRole('button', { name: 'Submit Review' })).toBeEnabled();
    expect(scrollTo).toHaveBeenCalledWith(expect.objectContaining({ top: 0 }));
  });

  it('hides the thank-you message after 5 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    reviewPostApi(() => HttpResponse.json({ success: true }, { status: 201 }));
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    render(<ReviewForm product="Badri Cow Ghee" />);
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Submit Review' }));
    expect(await screen.findByText(SUCCESS)).toBeInTheDocument();

    act(() => vi.advanceTimersByTime(4900));
    expect(screen.getByText(SUCCESS)).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.queryByText(SUCCESS)).not.toBeInTheDocument();
  });

  it('says so when the sheet is unavailable (502) and keeps what was typed', async () => {
    reviewPostApi(() =>
      HttpResponse.json({ error: { code: 'SHEET_UNAVAILABLE', message: 'Try again' } }, { status: 502 }),
    );
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const user = userEvent.setup();
    render(<ReviewForm product="Badri Cow Ghee" />);
    await fillIn(user);

    await user.click(screen.getByRole('button', { name: 'Submit Review' }));

    expect(await screen.findByText(ERROR)).toBeInTheDocument();
    expect(screen.queryByText(SUCCESS)).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Your Name *' })).toHaveValue('Asha Rawat');
    expect(warn).toHaveBeenCalled();
  });
});
