/**
 * The checkout's GSTIN field (issue 35, docs/shop-rules.md §5, §8): optional, read by the checkout
 * form's own schema when the form is sent, its message under it until it is typed in again.
 */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { useSchemaForm } from '../../components/form/index.ts';
import { text } from '../../shop/texts/server.ts';
import { GstinField } from './GstinField.tsx';

/** The field in a form parsed by the checkout schema's own `gstin` rule; `sent` receives what it parsed. */
function Form({ sent }: { sent: (values: unknown) => void }) {
  const form = useSchemaForm({
    schema: (schemas) => schemas.checkoutFormSchema.pick({ gstin: true }),
    fieldMessages: false,
    onValid: async (values) => {
      sent(values);
      return 'idle';
    },
  });
  return (
    <form aria-label="Checkout" onSubmit={form.onSubmit} noValidate>
      <GstinField form={form} />
      <button type="submit">Place Order</button>
    </form>
  );
}

function setUp() {
  const sent = vi.fn();
  const user = userEvent.setup();
  render(<Form sent={sent} />);
  const field = screen.getByRole('textbox', { name: text('gstin.label') });
  const place = () => user.click(screen.getByRole('button', { name: 'Place Order' }));
  return { sent, user, field, place };
}

describe('the GSTIN field at checkout', () => {
  it('is labelled, hinted, optional, and typed as a code', () => {
    const { field } = setUp();
    expect(field).toHaveAccessibleDescription(text('gstin.hint'));
    expect(field).not.toBeRequired();
    expect(field).toHaveAttribute('type', 'text');
    expect(field).toHaveAttribute('autocomplete', 'off');
    expect(field).toHaveAttribute('autocapitalize', 'characters');
    expect(field).toHaveAttribute('spellcheck', 'false');
    expect(field).toHaveAttribute('inputmode', 'text');
    expect(field).not.toHaveAttribute('aria-invalid');
  });

  it('sends no GSTIN when the field is left empty', async () => {
    const { sent, place } = setUp();
    await place();
    await waitFor(() => expect(sent).toHaveBeenCalledWith({ gstin: undefined }));
  });

  it('says under the field what is wrong, until the shopper types in it again', async () => {
    const { sent, user, field, place } = setUp();
    await user.type(field, '05ABCDE1234F1Z');
    await place();
    expect(await screen.findByText(text('gstin.problem.length'))).toBeVisible();
    expect(sent).not.toHaveBeenCalled();
    expect(field).toHaveFocus();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(`${text('gstin.hint')} ${text('gstin.problem.length')}`);

    await user.type(field, '5');
    expect(screen.queryByText(text('gstin.problem.length'))).toBeNull();
    expect(field).not.toHaveAttribute('aria-invalid');
    expect(field).toHaveAccessibleDescription(text('gstin.hint'));

    await place();
    expect(await screen.findByText(text('gstin.problem.checksum'))).toBeVisible();
    await user.clear(field);
    await user.type(field, '99abcde1234f1zp');
    await place();
    expect(await screen.findByText(text('gstin.problem.state'))).toBeVisible();
    expect(sent).not.toHaveBeenCalled();
  });

  it('sends a GSTIN as the shop reads it: capitals, no spaces', async () => {
    const { sent, user, field, place } = setUp();
    await user.type(field, '05abcde 1234f 1z6');
    await place();
    await waitFor(() => expect(sent).toHaveBeenCalledWith({ gstin: '05ABCDE1234F1Z6' }));
    expect(screen.queryByText(text('gstin.problem.checksum'))).toBeNull();
  });
});
