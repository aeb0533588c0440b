/**
 * An editor's text with its `{name}` placeholders filled in: the delivery banner's and the cart's
 * "{amount}" become the free-shipping threshold (docs/content-model.md, "Texts across the site").
 * A placeholder with no value is left as written, so a typo shows rather than vanishing.
 */
export function fillIn(text: string, values: Readonly<Record<string, string>>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}
