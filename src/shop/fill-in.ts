/**
 * An editor's text with its `{name}` placeholders filled in: the delivery banner's and the cart's
 * "{amount}" become the free-shipping threshold (docs/content-model.md, "Texts across the site").
 * A placeholder with no value is left as written, so a typo shows rather than vanishing.
 */
export function fillIn(text: string, values: Readonly<Record<string, string>>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}

/**
 * The text around its first `{name}`, for a figure the page sets apart (in bold): "Farmers receive
 * {share} of the price." → ["Farmers receive ", " of the price."]. Without the placeholder, the
 * whole text comes first and the figure after it.
 */
export function aroundPlaceholder(text: string, name: string): [before: string, after: string] {
  const at = text.indexOf(`{${name}}`);
  if (at < 0) return [`${text} `, ''];
  return [text.slice(0, at), text.slice(at + name.length + 2)];
}
