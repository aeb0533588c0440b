import { act, render, screen, within } from '@testing-library/react';
import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EARLY_TOASTS_HTML } from '#tests/support/early-toasts.ts';
import { createToastStore, EarlyToasts, type ToastOptions, ToastProvider, useToast } from './index.ts';

function ShowButton({ options }: { options: ToastOptions }) {
  const toast = useToast();
  return (
    <button type="button" onClick={() => toast.show(options)}>
      Show
    </button>
  );
}

function renderWithToast(options: ToastOptions) {
  render(
    <ToastProvider>
      <ShowButton options={options} />
    </ToastProvider>,
  );
  // A plain click, not userEvent: userEvent's internal delays wait on the (fake) timers.
  act(() => screen.getByRole('button', { name: 'Show' }).click());
}

describe('<ToastProvider>', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('renders both live regions, empty, before any toast is shown', () => {
    render(<ToastProvider />);

    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    expect(screen.getByRole('status')).toHaveAttribute('aria-live', 'polite');
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
  });

  it('announces a success toast politely and removes it after 3 s', () => {
    renderWithToast({ type: 'success', title: 'Added to cart', message: 'Badri Cow Ghee, 500 ml' });

    const status = screen.getByRole('status');
    expect(within(status).getByText('Added to cart')).toBeInTheDocument();
    expect(within(status).getByText('Badri Cow Ghee, 500 ml')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();

    act(() => vi.advanceTimersByTime(2999));
    expect(within(status).getByText('Badri Cow Ghee, 500 ml')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Badri Cow Ghee, 500 ml')).not.toBeInTheDocument();
    expect(status).toBeEmptyDOMElement();
  });

  it('announces an error toast assertively', () => {
    renderWithToast({ type: 'error', message: 'Payment failed. Please try again.' });

    expect(within(screen.getByRole('alert')).getByText('Payment failed. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('removes a toast when its close button is pressed', () => {
    renderWithToast({ type: 'warning', message: 'Only 2 left in stock', duration: 0 });
    expect(screen.getByText('Only 2 left in stock')).toBeInTheDocument();

    act(() => screen.getByRole('button', { name: 'Close notification' }).click());
    expect(screen.queryByText('Only 2 left in stock')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Close notification' })).not.toBeInTheDocument();
  });

  it('keeps a toast with duration 0 until it is closed', () => {
    renderWithToast({ type: 'info', message: 'Free shipping above ₹999', duration: 0 });

    act(() => vi.advanceTimersByTime(60 * 60 * 1000));
    expect(within(screen.getByRole('status')).getByText('Free shipping above ₹999')).toBeInTheDocument();
  });

  it('returns the id from show() so the caller can dismiss that toast', () => {
    const ids: number[] = [];
    function Caller() {
      const toast = useToast();
      return (
        <>
          <button type="button" onClick={() => ids.push(toast.show({ type: 'info', message: 'Hello', duration: 0 }))}>
            Show
          </button>
          <button type="button" onClick={() => ids[0] !== undefined && toast.dismiss(ids[0])}>
            Hide
          </button>
        </>
      );
    }
    render(
      <ToastProvider>
        <Caller />
      </ToastProvider>,
    );

    act(() => screen.getByRole('button', { name: 'Show' }).click());
    expect(ids).toEqual([1]);
    expect(screen.getByText('Hello')).toBeInTheDocument();
    act(() => screen.getByRole('button', { name: 'Hide' }).click());
    expect(screen.queryByText('Hello')).not.toBeInTheDocument();
  });

  it('renders an empty viewport on the server even when the store already holds toasts', () => {
    const store = createToastStore();
    store.show({ type: 'success', message: 'Shown before hydration', duration: 0 });

    const html = renderToString(<ToastProvider store={store} />);
    expect(html).not.toContain('Shown before hydration');
    expect(html).toContain('role="status"');
    expect(html).toContain('role="alert"');
  });

  it('throws a clear error when useToast is used outside the provider', () => {
    function Orphan() {
      useToast();
      return null;
    }
    // React reports the render error with console.error; this test expects exactly that.
    expect(() => render(<Orphan />)).toThrow('useToast() must be called inside a <ToastProvider>.');
    vi.mocked(console.error).mockClear();
  });
});

describe('<EarlyToasts>', () => {
  it('draws, hidden, the toasts the early script copies: what its tests use', () => {
    expect(renderToStaticMarkup(<EarlyToasts />)).toBe(EARLY_TOASTS_HTML);
  });

  it('is the live toast, but the early action on its ×', () => {
    render(
      <ToastProvider>
        <ShowButton options={{ type: 'error', message: 'Fill in all', duration: 0 }} />
      </ToastProvider>,
    );
    act(() => screen.getByRole('button', { name: 'Show' }).click());
    const live = document.querySelector('[role="alert"] .toast')?.outerHTML;
    const early = new DOMParser()
      .parseFromString(EARLY_TOASTS_HTML, 'text/html')
      .querySelector('.toast--error') as HTMLElement;
    early.querySelector('.toast__message')?.append('Fill in all');
    early.querySelector('.toast__close')?.removeAttribute('data-early');
    expect(early.outerHTML).toBe(live);
  });
});
