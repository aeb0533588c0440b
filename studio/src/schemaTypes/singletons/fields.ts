/** Field shapes the singletons share: short texts editors write, card lists, figure lists. */
import { defineField, type FieldDefinition } from 'sanity';

export const cards = (name: string, count: number, title?: string) =>
  defineField({
    name,
    ...(title ? { title } : {}),
    type: 'array',
    of: [{ type: 'featureCard' }],
    validation: (rule) => rule.required().length(count),
  });

/**
 * A short text an editor writes (issue 16): required, at most `max` characters so the layout holds,
 * with a description that says where it shows. `placeholder`: a `{name}` the site fills in, which
 * the text must keep.
 */
export const copyField = (
  name: string,
  where: string,
  max: number,
  options: { title?: string; rows?: number; placeholder?: string; group?: string } = {},
) =>
  defineField({
    name,
    ...(options.title ? { title: options.title } : {}),
    ...(options.group ? { group: options.group } : {}),
    type: options.rows ? 'text' : 'string',
    ...(options.rows ? { rows: options.rows } : {}),
    description: options.placeholder
      ? `${where} Keep {${options.placeholder}}: the site puts the figure there.`
      : where,
    validation: (rule) =>
      rule
        .required()
        .max(max)
        .custom((value) =>
          !options.placeholder || typeof value !== 'string' || value.includes(`{${options.placeholder}}`)
            ? true
            : `Keep {${options.placeholder}} in the text: the site puts the figure there.`,
        ),
  });

/** A box of short texts on one part of a page (each a `copyField`), required as a whole. */
export const copyGroup = (
  name: string,
  title: string,
  description: string,
  fields: FieldDefinition[],
  group?: string,
) =>
  defineField({
    name,
    title,
    ...(group ? { group } : {}),
    type: 'object',
    description,
    validation: (rule) => rule.required(),
    fields,
  });

export const stats = (count: number) =>
  defineField({
    name: 'stats',
    type: 'array',
    of: [{ type: 'impactStat' }],
    validation: (rule) => rule.required().length(count),
  });
