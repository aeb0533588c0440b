/**
 * Two of the COD rules' looks at an address (cod-rules.ts, docs/shop-rules.md §10 rule 17): too
 * short to find a house, and typed to get past the form (`asdf`, `aaaa`, `123456`). Both must
 * let every real Indian address through — Devanagari and the other Indian scripts, "H.No 12/3",
 * "Gali No 4", "Near SBI ATM", "Vill. Bhatwari, P.O. Uttarkashi" — so each check is narrow, and
 * the Latin-letter checks look at Latin words only.
 */

/** A word: a run of letters, marks and digits in any script ("H.No" is two, "12/3" two). */
const WORDS = /[\p{L}\p{M}\p{N}]+/gu;

export const wordsOf = (text: string): string[] => text.match(WORDS) ?? [];

/**
 * The address lines together too short to find a house: fewer than `minChars` characters, or a
 * single word. "12 Mall Road" (12 characters: a house number and a street) is the shortest a
 * courier finds in a town; "Bhatwari" alone, or "Flat 3", is not an address.
 */
export function addressTooShort(lines: readonly string[], minChars: number): boolean {
  const joined = lines
    .map((line) => line.trim())
    .filter(Boolean)
    .join(' ');
  return [...joined].length < minChars || wordsOf(joined).length < 2;
}

// Keyboard rows, both ways. Four keys in a row is the run; "erty" alone is left out, because it
// ends "Property" and "Liberty".
const ROWS = ['qwertyuiop', 'asdfghjkl', 'zxcvbnm'];
const KEY_RUNS: ReadonlySet<string> = new Set(
  ROWS.flatMap((row) => [row, [...row].reverse().join('')])
    .flatMap((row) => Array.from({ length: row.length - 3 }, (_, index) => row.slice(index, index + 4)))
    .filter((run) => run !== 'erty'),
);

const LATIN_WORD = /^[a-z]+$/;
/** Five consonants in a row: no Indian place name nor English word of an address has them ("Lakshmi" has four). */
const CONSONANT_RUN = /[bcdfghjklmnpqrstvwxz]{5}/;
/** One letter four times: "aaaa", "xxxx" (Roman "III" of "Phase III" is three). */
const REPEATED_LETTER = /(\p{L})\1{3}/u;
/** A short piece said three times: "asasas", "sdfsdfsdf". */
const STUTTER = /^(.{1,3})\1{2,}$/;

/** A Latin word no one writes in an address. */
function gibberishWord(word: string): boolean {
  if (!LATIN_WORD.test(word)) return false;
  for (let index = 0; index + 4 <= word.length; index += 1) {
    if (KEY_RUNS.has(word.slice(index, index + 4))) return true;
  }
  return CONSONANT_RUN.test(word) || (word.length >= 6 && STUTTER.test(word));
}

/**
 * A line that names no place: four or more digits and nothing else ("123456"; a flat number
 * alone in line 2, "302", or "12/3", is left alone), a letter held down ("aaaa"), or a word typed
 * to get past the form (a keyboard run, five consonants in a row, a stutter). A line of
 * punctuation alone ("-", ".", often typed into an optional field) is empty, not gibberish.
 */
export function looksGibberish(line: string): boolean {
  const lower = line.toLowerCase();
  const words = wordsOf(lower);
  if (words.every((word) => /^\p{N}+$/u.test(word))) return words.join('').length >= 4;
  return REPEATED_LETTER.test(lower) || words.some(gibberishWord);
}
