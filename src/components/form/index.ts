export { FieldError } from './FieldError.tsx';
export type {
  FieldErrors,
  FormOutcome,
  FormStatus,
  FormValues,
  SchemaForm,
  SchemaFormOptions,
} from './use-schema-form.ts';
export { useSchemaForm } from './use-schema-form.ts';
