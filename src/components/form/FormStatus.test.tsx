import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FormStatus } from './FormStatus.tsx';

const scrollIntoView = vi.fn();
beforeEach(() => {
  scrollIntoView.mockClear();
  Element.prototype.scrollIntoView = scrollIntoView;
});
afterEach(() => {
  // jsdom has no scrollIntoView of its own.
  delete (Element.prototype as Partial<Element>).scrollIntoView;
});

const texts = { success: 'Thanks!', error: 'Oops.' };

describe('<FormStatus>', () => {
  it('says nothing while idle, and scrolls nothing', () => {
    render(<FormStatus status="idle" {...texts} />);
    expect(screen.queryByText(/Thanks|Oops/)).not.toBeInTheDocument();
    expect(scrollIntoView).not.toHaveBeenCalled();
  });

  it('brings the message into view only as far as needed when it appears', () => {
    const { rerender } = render(<FormStatus status="submitting" {...texts} />);
    rerender(<FormStatus status="error" {...texts} />);
    expect(screen.getByText('Oops.')).toHaveClass('form-status__message--bad');
    expect(scrollIntoView).toHaveBeenCalledWith({ block: 'nearest' });

    rerender(<FormStatus status="success" {...texts} />);
    expect(screen.getByText('Thanks!')).toHaveClass('form-status__message--good');
    expect(scrollIntoView).toHaveBeenCalledTimes(2);
  });

  it('leaves the scroll alone when the form moves the page itself', () => {
    render(<FormStatus status="success" {...texts} reveal={false} />);
    expect(screen.getByText('Thanks!')).toBeInTheDocument();
    expect(scrollIntoView).not.toHaveBeenCalled();
  });
});
