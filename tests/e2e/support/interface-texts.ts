/**
 * The shop's fixed interface texts (issue 16): what SPEC fixes word for word or what names a
 * control — form labels, validation and error messages, button texts — and so is not the editors'
 * to change. Every other sentence a page shows comes from the dataset (copy-in-dataset.spec.ts).
 * Patterns stand for texts that carry a number or a name.
 */
export const INTERFACE_TEXTS: readonly (string | RegExp)[] = [];
