/** Cuts text to at most `max` characters, ending with an ellipsis when anything was cut. */
export function truncateText(text: string, max: number): string {
  const clean = text.trim();
  if (clean.length <= max) return clean;
  return `${clean.slice(0, max).trimEnd()}…`;
}

/**
 * What every text field means (docs/shop-rules.md §5, issue 37 §1), applied by the shared schemas
 * before any rule looks at the value: Unicode NFC; control characters (NUL and the rest),
 * invisible format characters (zero-width spaces and joiners, bidi marks, the BOM, soft hyphens)
 * and what is no character at all (issue 46 §B: half of a surrogate pair alone, the noncharacters)
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
/**
 * Controls other than the line break (which `lines` keeps), format characters (`Cf`), and what no
 * keyboard types: a lone surrogate (`Cs`: JSON's `"\ud800"` reaches us as one, though no UTF-8
 * can carry it: the Sheet's request and the email turn it into U+FFFD, `encodeURIComponent`
 * throws on it) and the 66
 * noncharacters, U+FDD0–U+FDEF and the last two of each plane (U+FFFE, U+FFFF, …, U+10FFFF),
 * which Unicode keeps for a program's own use, never for text. A pair of surrogates is one
 * character to a `u` expression, so an emoji like 🌾 is untouched.
 */
const INVISIBLE = /(?!\n)[\p{Cc}\p{Cf}\p{Cs}\p{Noncharacter_Code_Point}]/gu;
const PICTOGRAPH_BEFORE = /\p{Extended_Pictographic}\uFE0F?$/u;
const PICTOGRAPH_AFTER = /^\p{Extended_Pictographic}/u;
