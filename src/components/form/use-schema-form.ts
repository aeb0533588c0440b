import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import type { z } from 'zod';
import { loadSchemas, type Schemas } from '../../lib/api/index.ts';
import { newSubmissionId } from './submission-id.ts';

export type FormStatus = 'idle' | 'submitting' | 'success' | 'error';
/** How a submission ends; 'idle' when there is nothing to say (e.g. the invalid values were reported). */
export type FormOutcome = Exclude<FormStatus, 'submitting'>;
export type FormValues = Record<string, FormDataEntryValue>;

export interface SchemaFormOptions<S extends z.ZodType> {
  /**
   * Picks the form's schema from the shared schemas, loaded when the form is first sent: the same
   * schema the function parses, so the browser and the server agree on every field.
   */
  schema: (schemas: Schemas) => S;
  /**
   * Sends the parsed values; resolves to how the submission ended. `submissionId` names this
   * submission for the server (docs/shop-rules.md §3): the same for a resend of the same values (a
   * double tap, a retry after a timeout or a failure), a new one for other values or after a success.
   */
  onValid: (values: z.output<S>, form: HTMLFormElement, submissionId: string) => Promise<FormOutcome>;
  /** Told when the values do not parse, after the field errors are set. */
  onInvalid?: (values: FormValues, schemas: Schemas) => void;
  /** How long 'success' lasts before the form is idle again; until the next submission when unset. */
  successMs?: number;
  /**
   * Whether each field's message is shown beside it (`<FieldError>`), so fields are described by
   * it. The checkout reports one message at a time in a toast instead, so it only marks fields invalid.
   */
  fieldMessages?: boolean;
  /**
   * Loads the schemas as soon as the browser is idle once the form is live, instead of on the first
   * send: the checkout, whose first press would otherwise wait for them on a slow link (decision 028).
   */
  preloadSchemas?: boolean;
}

export type FieldErrors = Partial<Record<string, string>>;

function fieldErrors(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const name = String(issue.path[0] ?? '');
    errors[name] ??= issue.message;
  }
  return errors;
}

/**
 * Takes the shopper to the first field the schema refused, in the form's order: on a phone the
 * field (and its message) may be far above the button that was pressed. Focus scrolls it into view.
 */
function focusFirstInvalid(form: HTMLFormElement, error: z.ZodError) {
  const names = new Set(error.issues.map((issue) => String(issue.path[0] ?? '')));
  for (const element of form.elements) {
    if (element instanceof HTMLElement && 'name' in element && names.has(String(element.name))) {
      element.focus();
      return;
    }
  }
}

/**
 * One submit/pending/error state machine for every form: idle → submitting → success | error | idle.
 * Values are read from the form element when it is sent (uncontrolled inputs), so whatever was
 * typed before the page hydrated is kept; a second submission while one is under way is ignored.
 */
export function useSchemaForm<S extends z.ZodType>(options: SchemaFormOptions<S>) {
  const id = useId();
  const [status, setStatus] = useState<FormStatus>('idle');
  const [errors, setErrors] = useState<FieldErrors>({});
  const sending = useRef(false);
  const submission = useRef<{ id: string; values: string } | undefined>(undefined);
  const successTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(successTimer.current), []);
  const preload = options.preloadSchemas ?? false;
  const schema = useRef(options.schema);
  useEffect(() => {
    if (!preload) return;
    // Parsing once also readies the schema's own first-parse work, which the first press would pay.
    const load = () =>
      void loadSchemas()
        .then((schemas) => schema.current(schemas).safeParse({}))
        .catch(() => undefined); // the first send tries again
    if (typeof requestIdleCallback !== 'function') return load();
    const idle = requestIdleCallback(load, { timeout: 2000 });
    return () => cancelIdleCallback(idle);
  }, [preload]);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending.current) return; // a double click sends once
    sending.current = true;
    clearTimeout(successTimer.current);
    const form = event.currentTarget;
    const values: FormValues = Object.fromEntries(new FormData(form));
    setStatus('submitting');
    let outcome: FormOutcome;
    try {
      const schemas = await loadSchemas();
      const parsed = options.schema(schemas).safeParse(values);
      setErrors(parsed.success ? {} : fieldErrors(parsed.error));
      if (parsed.success) {
        const sent = JSON.stringify(parsed.data);
        if (submission.current?.values !== sent) submission.current = { id: newSubmissionId(), values: sent };
        outcome = await options.onValid(parsed.data, form, submission.current.id);
        // Sent and taken: whatever is sent next is another submission.
        if (outcome === 'success') submission.current = undefined;
      } else {
        options.onInvalid?.(values, schemas);
        focusFirstInvalid(form, parsed.error);
        outcome = 'idle';
      }
    } catch (error) {
      console.warn('Form not sent:', error);
      outcome = 'error';
    }
    sending.current = false;
    setStatus(outcome);
    if (outcome === 'success' && options.successMs !== undefined)
      successTimer.current = setTimeout(() => setStatus('idle'), options.successMs);
  };

  const errorId = (name: string) => `${id}-${name}-error`;
  const describe = options.fieldMessages ?? true;

  /** The props every field takes: its id (for its label), name, and invalid state. */
  const field = (name: string) => ({
    id: `${id}-${name}`,
    name,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': describe && errors[name] ? errorId(name) : undefined,
  });

  return { id, status, errors, onSubmit, field, errorId };
}

export type SchemaForm = ReturnType<typeof useSchemaForm>;
