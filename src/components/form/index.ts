export { FieldError } from './FieldError.tsx';
export { FormStatus } from './FormStatus.tsx';
export type { FormOutcome, SchemaForm } from './use-schema-form.ts';
export { useSchemaForm } from './use-schema-form.ts';
