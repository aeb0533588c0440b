/** Cuts text to at most `max` characters, ending with an ellipsis when anything was cut. */
export function truncateText(text: string, max: number): string {
  const clean = text.trim();
  if (clean.length <= max) return clean;
  return `${clean.slice(0, max).trimEnd()}…`;
}

/**
 * What every text field means (docs/shop-rules.md §5, issue 37 §1), applied by the shared schemas
 * before any rule looks at the value: Unicode NFC; control characters (NUL and the rest) and
 * invisible format characters (zero-width spaces and joiners, bidi marks, the BOM, soft hyphens)
 * removed — except a zero-width joiner inside an emoji sequence, which draws one emoji from
 * several; whitespace collapsed and trimmed. `lines` keeps line breaks (a review, a message):
 * spaces collapse within each line, and at most one blank line stays between paragraphs.
 */
export function cleanText(value: string, options: { lines?: boolean } = {}): string {
  const visible = value
    .normalize('NFC')
    .replace(/\r\n?|[\u2028\u2029\u0085]/g, '\n')
    .replace(/[\t\v\f]/g, ' ')
    .replace(INVISIBLE, (match, offset: number, whole: string) =>
      match === ZWJ && PICTOGRAPH_BEFORE.test(whole.slice(0, offset)) && PICTOGRAPH_AFTER.test(whole.slice(offset + 1))
        ? match
        : '',
    );
  if (!options.lines) return visible.replace(/\s+/g, ' ').trim();
  return visible
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

const ZWJ = '\u200d';
/** Controls other than the line break (which `lines` keeps), and format characters (`Cf`). */
const INVISIBLE = /(?!\n)[\p{Cc}\p{Cf}]/gu;
const PICTOGRAPH_BEFORE = /\p{Extended_Pictographic}\uFE0F?$/u;
const PICTOGRAPH_AFTER = /^\p{Extended_Pictographic}/u;
