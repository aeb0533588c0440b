import type { ValidationContext } from 'sanity';

/** Checks that no other published or draft document of this type uses the same value for `field`. */
export function uniqueAcrossType(type: string, field: string) {
  return async (value: unknown, context: ValidationContext) => {
    if (value === undefined || value === null || value === '') return true;
    const id = (context.document?._id ?? '').replace(/^drafts\./, '');
    const client = context.getClient({ apiVersion: '2025-02-19' });
    const count = await client.fetch<number>(
      `count(*[_type == $type && @[$field] == $value && !(_id in [$id, "drafts." + $id])])`,
      { type, field, value, id },
    );
    return count === 0 ? true : `Another ${type} already uses ${String(value)}.`;
  };
}

/** Sizes within one product must differ: the cart tells lines apart by product id and size. */
export function uniqueSizes(variants: unknown) {
  if (!Array.isArray(variants)) return true;
  const sizes = variants.map((variant) => (variant as { size?: string }).size?.trim().toLowerCase());
  const duplicate = sizes.find((size, index) => size && sizes.indexOf(size) !== index);
  return duplicate ? `The size "${duplicate}" is listed twice.` : true;
}

export const requiredStringList = { type: 'array', of: [{ type: 'string' }] } as const;

const GSTIN_CHARACTERS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** A GSTIN's shape: State code, PAN (5 letters, 4 digits, a letter), entity number, Z, check character. */
const GSTIN_PATTERN = /^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

/**
 * The GSTIN's check character (the 15th): each of the first 14 characters' value (0–9, A–Z as
 * 10–35) times 1 and 2 alternately, quotient plus remainder by 36, summed; (36 − sum mod 36) mod 36.
 */
function gstinCheckCharacter(gstin: string): string {
  let sum = 0;
  for (let index = 0; index < 14; index++) {
    const product = GSTIN_CHARACTERS.indexOf(gstin.charAt(index)) * (index % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return GSTIN_CHARACTERS.charAt((36 - (sum % 36)) % 36);
}

/** A GSTIN's shape and check character, with a sentence the editor can act on. */
export function gstinRule(value: unknown): true | string {
  if (typeof value !== 'string' || value === '') return true;
  if (!GSTIN_PATTERN.test(value)) {
    return 'A GSTIN is 15 capital letters and digits: the 2-digit State code, the 10-character PAN, the entity number, Z and a check character.';
  }
  return gstinCheckCharacter(value) === value.charAt(14)
    ? true
    : 'This GSTIN fails its check character: one of its characters is mistyped.';
}
