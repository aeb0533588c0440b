import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { heldAnswer } from '#tests/support/held-answer.ts';
import { ownApiPost } from '#tests/support/msw.ts';
import { ToastProvider } from '../../components/toast/index.ts';
import { ReviewForm } from './ReviewForm.tsx';

const SUCCESS = 'Thank you for your review! It will be published after approval.';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const ERROR = 'Oops! Something went wrong. Please try again.';

const reviewPostApi = (respond: () => Response | Promise<Response>, bodies: unknown[] = []) =>
  ownApiPost('/api/reviews', respond, bodies);

async function fillIn(user: ReturnType<typeof userEvent.setup>) {
  // user-event keeps its own idea of an email field's value, which form.reset() does not clear.
  for (const name of ['Your Name *', 'Your Email *', 'Your Review *', 'Location (optional)']) {
    await user.clear(screen.getByRole('textbox', { name }));
  }
  await user.type(screen.getByRole('textbox', { name: 'Your Name *' }), 'Asha Rawat');
  await user.type(screen.getByRole('textbox', { name: 'Your Email *' }), 'asha@example.com');
  await user.selectOptions(screen.getByRole('combobox', { name: 'Rating *' }), '4');
  await user.type(screen.getByRole('textbox', { name: 'Your Review *' }), 'Smells like home.');
  await user.type(screen.getByRole('textbox', { name: 'Location (optional)' }), 'Dehradun, Uttarakhand');
}

/** The form inside the app's toasts, as the page has it. */
const renderForm = () =>
  render(
    <ToastProvider>
      <ReviewForm productId={3} />
    </ToastProvider>,
  );
/** The form itself: its thank-you line, apart from the toast that says the same at the top. */
const inForm = () => within(screen.getByRole('form', { name: 'Write a Review' }));

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
    renderForm();

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
    renderForm();

    await user.click(screen.getByRole('button', { name: 'Submit Review' }));

    expect(await screen.findByText('Please enter your name')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Please write your review')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Your Name *' })).toHaveAttribute('aria-invalid', 'true');
    expect(bodies).toEqual([]);
  });

  it('submits, thanks the reviewer for 5 seconds, resets the fields and scrolls to the top', async () => {
    const answer = heldAnswer();
    const bodies = reviewPostApi(answer.after(() => HttpResponse.json({ success: true }, { status: 201 })));
    const user = userEvent.setup();
    renderForm();
    await fillIn(user);

    await user.click(screen.getByRole('button', { name: 'Submit Review' }));
    expect(await screen.findByRole('button', { name: 'Submitting...' })).toBeDisabled();
    answer.release();

    expect(await inForm().findByText(SUCCESS)).toBeInTheDocument();
    expect(bodies).toEqual([
      {
        name: 'Asha Rawat',
        email: 'asha@example.com',
        rating: 4,
        review: 'Smells like home.',
        location: 'Dehradun, Uttarakhand',
        productId: 3,
        website: '',
        submissionId: expect.stringMatching(UUID),
      },
    ]);
    expect(screen.getByRole('textbox', { name: 'Your Name *' })).toHaveValue('');
    expect(screen.getByRole('combobox', { name: 'Rating *' })).toHaveValue('5');
    expect(screen.getByRole('button', { name: 'Submit Review' })).toBeEnabled();
    expect(scrollTo).toHaveBeenCalledWith(expect.objectContaining({ top: 0 }));
    // The page is now at the top, far from the form: a toast up there says the same.
    expect(within(screen.getAllByRole('status').at(-1) as HTMLElement).getByText(SUCCESS)).toBeInTheDocument();
  });

  it('hides the thank-you message after 5 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    reviewPostApi(() => HttpResponse.json({ success: true }, { status: 201 }));
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderForm();
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Submit Review' }));
    expect(await inForm().findByText(SUCCESS)).toBeInTheDocument();

    act(() => vi.advanceTimersByTime(4900));
    expect(inForm().getByText(SUCCESS)).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(200));
    expect(inForm().queryByText(SUCCESS)).not.toBeInTheDocument();
  });

  it('says so when the sheet is unavailable (502) and keeps what was typed', async () => {
    reviewPostApi(() =>
      HttpResponse.json({ error: { code: 'SHEET_UNAVAILABLE', message: 'Try again' } }, { status: 502 }),
    );
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderForm();
    await fillIn(user);

    await user.click(screen.getByRole('button', { name: 'Submit Review' }));

    expect(await screen.findByText(ERROR)).toBeInTheDocument();
    expect(inForm().queryByText(SUCCESS)).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Your Name *' })).toHaveValue('Asha Rawat');
    expect(warn).toHaveBeenCalled();
  });

  it('resends a failed review under the same submission id; the next review, or changed text, gets a new one', async () => {
    let fail = true;
    const bodies = reviewPostApi(() =>
      fail
        ? HttpResponse.json({ error: { code: 'SHEET_UNAVAILABLE', message: 'x' } }, { status: 502 })
        : HttpResponse.json({ success: true }, { status: 201 }),
    ) as { submissionId: string; review: string }[];
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderForm();
    await fillIn(user);
    const submit = () => user.click(screen.getByRole('button', { name: 'Submit Review' }));

    await submit();
    expect(await screen.findByText(ERROR)).toBeInTheDocument();
    fail = false;
    await submit();
    expect(await inForm().findByText(SUCCESS)).toBeInTheDocument();
    const [first, resent] = bodies;
    expect(resent?.submissionId).toBe(first?.submissionId);

    await fillIn(user);
    await submit();
    await waitFor(() => expect(bodies).toHaveLength(3));
    expect(bodies[2]?.submissionId).toMatch(UUID);
    expect(bodies[2]?.submissionId).not.toBe(first?.submissionId);

    fail = true;
    await inForm().findByText(SUCCESS);
    await fillIn(user);
    await submit();
    await waitFor(() => expect(bodies).toHaveLength(4));
    expect(await screen.findByText(ERROR)).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Your Review *' }), ' And fresh.');
    await submit();
    await waitFor(() => expect(bodies).toHaveLength(5));
    expect(bodies[4]?.review).toBe('Smells like home. And fresh.');
    expect(bodies[4]?.submissionId).not.toBe(bodies[3]?.submissionId);
  });
});
