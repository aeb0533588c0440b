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
