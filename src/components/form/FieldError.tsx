import type { SchemaForm } from './use-schema-form.ts';

/** A field's message from the form's schema, named by the field's aria-describedby. */
export function FieldError({ form, name }: { form: SchemaForm; name: string }) {
  const message = form.errors[name];
  return message ? (
    <p id={form.errorId(name)} className="form-field__error">
      {message}
    </p>
  ) : null;
}
