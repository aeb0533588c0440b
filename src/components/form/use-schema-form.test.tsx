import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { FieldError } from './FieldError.tsx';
import { type FormOutcome, type SchemaFormOptions, useSchemaForm } from './use-schema-form.ts';

const schema = () =>
  z.object({
    name: z.string().trim().min(1, 'Please enter your name'),
    age: z.coerce.number().int('Whole years, please'),
  });

type Options = SchemaFormOptions<ReturnType<typeof schema>>;

function TestForm(props: Partial<Options>) {
  const form = useSchemaForm({ schema, onValid: async () => 'success', ...props });
  return (
    <form aria-label="Test" onSubmit={form.onSubmit} noValidate>
      <label htmlFor={form.field('name').id}>Name</label>
      <input {...form.field('name')} defaultValue="" />
      <FieldError form={form} name="name" />
      <label htmlFor={form.field('age').id}>Age</label>
      <input {...form.field('age')} defaultValue="" />
      <FieldError form={form} name="age" />
      <button type="submit">{form.status}</button>
    </form>
  );
}

const button = () => screen.getByRole('button');

async function fill(user: ReturnType<typeof userEvent.setup>, name: string, age: string) {
  await user.clear(screen.getByRole('textbox', { name: 'Name' }));
  if (name) await user.type(screen.getByRole('textbox', { name: 'Name' }), name);
  await user.clear(screen.getByRole('textbox', { name: 'Age' }));
  if (age) await user.type(screen.getByRole('textbox', { name: 'Age' }), age);
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('useSchemaForm', () => {
  it("takes the shopper to the first refused field, in the form's order", async () => {
    const user = userEvent.setup();
    render(<TestForm />);
    await fill(user, 'Asha', '4.5');
    await user.click(button());
    expect(await screen.findByText('Whole years, please')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Age' })).toHaveFocus();

    await fill(user, '', '4.5');
    await user.click(button());
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Name' })).toHaveFocus());
  });

  it('reads the fields from the form when it is sent and hands over the parsed values', async () => {
    const onValid = vi.fn(async () => 'success' as const);
    const user = userEvent.setup();
    render(<TestForm onValid={onValid} />);
    await fill(user, '  Asha ', '34');

    await user.click(button());

    expect(await screen.findByRole('button', { name: 'success' })).toBeInTheDocument();
    expect(onValid).toHaveBeenCalledWith({ name: 'Asha', age: 34 }, screen.getByRole('form'), expect.any(String));
  });

  it('names a submission: the same id for a resend of the same values, a new one for others or after a success', async () => {
    const ids: string[] = [];
    let outcome: FormOutcome = 'error';
    const onValid = vi.fn(async (_values: unknown, _form: HTMLFormElement, submissionId: string) => {
      ids.push(submissionId);
      return outcome;
    });
    const user = userEvent.setup();
    render(<TestForm onValid={onValid} />);
    await fill(user, 'Asha', '34');

    await user.click(button());
    await screen.findByRole('button', { name: 'error' });
    outcome = 'success';
    await user.click(button());
    await screen.findByRole('button', { name: 'success' });
    await user.click(button());
    await fill(user, 'Ravi', '40');
    await user.click(button());
    await waitFor(() => expect(ids).toHaveLength(4));

    const [first, resent, afterSuccess, other] = ids;
    expect(first).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(resent).toBe(first);
    expect(afterSuccess).not.toBe(first);
    expect(other).not.toBe(afterSuccess);
  });

  it('is submitting while the values are sent, and settles in what the sender says', async () => {
    let settle: (outcome: FormOutcome) => void = () => undefined;
    const user = userEvent.setup();
    render(<TestForm onValid={() => new Promise((resolve) => (settle = resolve))} />);
    await fill(user, 'Asha', '34');

    await user.click(button());
    expect(await screen.findByRole('button', { name: 'submitting' })).toBeInTheDocument();

    act(() => settle('error'));
    expect(await screen.findByRole('button', { name: 'error' })).toBeInTheDocument();
  });

  it("shows the schema's messages beside the fields, marks them invalid, and sends nothing", async () => {
    const onValid = vi.fn(async () => 'success' as const);
    const onInvalid = vi.fn();
    const user = userEvent.setup();
    render(<TestForm onValid={onValid} onInvalid={onInvalid} />);
    await fill(user, '', '3.5');

    await user.click(button());

    expect(await screen.findByText('Please enter your name')).toBeInTheDocument();
    const name = screen.getByRole('textbox', { name: 'Name' });
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription('Please enter your name');
    expect(screen.getByRole('textbox', { name: 'Age' })).toHaveAccessibleDescription('Whole years, please');
    expect(button()).toHaveTextContent('idle');
    expect(onValid).not.toHaveBeenCalled();
    expect(onInvalid).toHaveBeenCalledWith(
      { name: '', age: '3.5' },
      expect.objectContaining({ checkoutFormSchema: expect.anything() }),
    );

    await fill(user, 'Asha', '34');
    await user.click(button());
    expect(await screen.findByRole('button', { name: 'success' })).toBeInTheDocument();
    expect(screen.queryByText('Please enter your name')).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Name' })).not.toHaveAttribute('aria-invalid');
  });

  it('only marks fields invalid when the form reports its messages elsewhere', async () => {
    const user = userEvent.setup();
    render(<TestForm fieldMessages={false} />);

    await user.click(button());

    const name = screen.getByRole('textbox', { name: 'Name' });
    await vi.waitFor(() => expect(name).toHaveAttribute('aria-invalid', 'true'));
    expect(name).not.toHaveAttribute('aria-describedby');
  });

  it('sends once when pressed twice', async () => {
    let settle: (outcome: FormOutcome) => void = () => undefined;
    const onValid = vi.fn(() => new Promise<FormOutcome>((resolve) => (settle = resolve)));
    const user = userEvent.setup();
    render(<TestForm onValid={onValid} />);
    await fill(user, 'Asha', '34');

    await user.click(button());
    await screen.findByRole('button', { name: 'submitting' });
    await user.click(button());
    act(() => settle('success'));

    expect(await screen.findByRole('button', { name: 'success' })).toBeInTheDocument();
    expect(onValid).toHaveBeenCalledTimes(1);
  });

  it('returns to idle after successMs', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    render(<TestForm successMs={5000} />);
    await fill(user, 'Asha', '34');
    await user.click(button());
    expect(await screen.findByRole('button', { name: 'success' })).toBeInTheDocument();

    act(() => vi.advanceTimersByTime(4900));
    expect(button()).toHaveTextContent('success');
    act(() => vi.advanceTimersByTime(200));
    expect(button()).toHaveTextContent('idle');
  });

  it('ends in error, with a warning, when sending throws', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const user = userEvent.setup();
    render(<TestForm onValid={() => Promise.reject(new Error('offline'))} />);
    await fill(user, 'Asha', '34');

    await user.click(button());

    expect(await screen.findByRole('button', { name: 'error' })).toBeInTheDocument();
    expect(warn).toHaveBeenCalled();
  });
});
