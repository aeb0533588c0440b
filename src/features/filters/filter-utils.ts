/** Small pure helpers shared by the recipe, nutrition and impact filters (docs/shop-rules.md §5). */

/** Search text as docs/shop-rules.md §5 compares it: trimmed and lowercased. */
export function normalise(text: string): string {
  return text.trim().toLowerCase();
}

/** True when the search is empty or occurs anywhere in one of the texts (case-insensitive). */
export function textMatches(search: string, texts: readonly (string | undefined)[]): boolean {
  const needle = normalise(search);
  if (needle === '') return true;
  return texts.some((text) => text?.toLowerCase().includes(needle));
}

// The chips' rule, which the early script applies too before the page is live (decision 028).
export { anySelected } from '../../early/index.ts';

/** Distinct values in first-seen order. */
export function distinct(values: Iterable<string | undefined>): string[] {
  return [...new Set([...values].filter((value): value is string => Boolean(value)))];
}

/** Distinct values, sorted alphabetically. */
export function distinctSorted(values: Iterable<string | undefined>): string[] {
  return distinct(values).sort((a, b) => a.localeCompare(b));
}

/** Adds the value when absent, removes it when present. */
export function toggle(list: readonly string[], value: string): string[] {
  return list.includes(value) ? list.filter((item) => item !== value) : [...list, value];
}

/**
 * A single value from the query, kept only when it is one of the allowed values (compared
 * case-insensitively and returned in the allowed spelling); '' otherwise.
 */
export function readOne(params: URLSearchParams, key: string, allowed?: readonly string[]): string {
  const value = params.get(key)?.trim() ?? '';
  if (!allowed || value === '') return value;
  return allowed.find((option) => option.toLowerCase() === value.toLowerCase()) ?? '';
}

/** Repeated query values (`?tag=a&tag=b`), de-duplicated, kept only when allowed. */
export function readMany(params: URLSearchParams, key: string, allowed?: readonly string[]): string[] {
  const values = params
    .getAll(key)
    .map((value) => value.trim())
    .filter(Boolean);
  const kept = allowed
    ? values
        .map((value) => allowed.find((option) => option.toLowerCase() === value.toLowerCase()))
        .filter((value): value is string => value !== undefined)
    : values;
  return distinct(kept);
}

/** Writes a single value unless it is empty. */
export function writeOne(params: URLSearchParams, key: string, value: string) {
  if (value.trim() !== '') params.set(key, value);
}

/** Writes each value of a list as a repeated key. */
export function writeMany(params: URLSearchParams, key: string, values: readonly string[]) {
  for (const value of values) params.append(key, value);
}
