import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Faq } from './Faq.tsx';

const ENTRIES = [
  { question: 'What are the shipping charges?', answer: 'Free from ₹1000.', topic: 'shipping-charges' },
  { question: 'Do you ship outside India?', answer: 'Not yet.', topic: 'international-shipping' },
  { question: 'Are your products certified organic?', answer: 'Yes.', topic: 'organic-certification' },
  { question: 'Which payment methods do you accept?', answer: 'UPI, cards, COD.', topic: 'payment-methods' },
];

describe('<Faq>', () => {
  it('lists the four questions as closed disclosures that open on click', async () => {
    const user = userEvent.setup();
    render(<Faq entries={ENTRIES} />);

    expect(screen.getByRole('heading', { name: 'Frequently Asked Questions' })).toBeInTheDocument();
    const groups = screen.getAllByRole('group');
    expect(groups).toHaveLength(4);
    for (const group of groups) expect(group).not.toHaveAttribute('open');
    expect(screen.getByText('Not yet.')).not.toBeVisible();

    await user.click(screen.getByText('Do you ship outside India?'));

    expect(groups[1]).toHaveAttribute('open');
    expect(screen.getByText('Not yet.')).toBeVisible();
    expect(groups[0]).not.toHaveAttribute('open');
  });

  it('renders nothing without entries', () => {
    const { container } = render(<Faq entries={[]} />);
    expect(container).toBeEmptyDOMElement();
  });
});
