import { defineField, defineType } from 'sanity';
import { requiredString } from '../fields.ts';
import { uniqueAcrossType } from '../rules.ts';

export const traceabilityBatch = defineType({
  name: 'traceabilityBatch',
  title: 'Traceability batch',
  type: 'document',
  fields: [
    defineField({
      name: 'batchId',
      type: 'string',
      description: 'Printed on the pack and in its QR code, e.g. OUO-GHEE-2025-09-25-001. Never change it.',
      validation: (rule) =>
        rule
          .required()
          .regex(/^[A-Z0-9-]+$/)
          .custom(uniqueAcrossType('traceabilityBatch', 'batchId')),
    }),
    defineField({
      name: 'product',
      type: 'reference',
      to: [{ type: 'product' }],
      validation: (rule) => rule.required(),
    }),
    requiredString('productName'),
    defineField({
      name: 'altitudeM',
      title: 'Altitude (m)',
      type: 'number',
      validation: (rule) => rule.required().positive(),
    }),
    defineField({ name: 'comingSoonNote', type: 'string' }),
    defineField({
      name: 'origin',
      type: 'object',
      validation: (rule) => rule.required(),
      fields: [
        requiredString('village'),
        requiredString('valley'),
        requiredString('district'),
        defineField({ name: 'state', type: 'string' }),
      ],
    }),
    defineField({
      name: 'maker',
      type: 'object',
      validation: (rule) => rule.required(),
      fields: [requiredString('name'), requiredString('role'), defineField({ name: 'note', type: 'text', rows: 2 })],
    }),
    defineField({
      name: 'herd',
      type: 'object',
      validation: (rule) => rule.required(),
      fields: [
        requiredString('breed'),
        defineField({
          name: 'yieldMinL',
          title: 'Daily yield from (L)',
          type: 'number',
          validation: (rule) => rule.required().positive(),
        }),
        defineField({
          name: 'yieldMaxL',
          title: 'Daily yield to (L)',
          type: 'number',
          validation: (rule) => rule.required().positive(),
        }),
        defineField({ name: 'note', type: 'text', rows: 2 }),
      ],
    }),
    defineField({
      name: 'process',
      title: 'Production specifications',
      type: 'object',
      validation: (rule) => rule.required(),
      fields: [
        requiredString('method'),
        requiredString('fermentationAcidity'),
        defineField({
          name: 'grRatio',
          title: 'Ghee residue ratio',
          type: 'string',
          validation: (rule) => rule.required(),
        }),
        defineField({ name: 'note', type: 'text', rows: 2 }),
      ],
    }),
    defineField({
      name: 'steps',
      type: 'array',
      of: [{ type: 'productionStep' }],
      validation: (rule) => rule.required().min(1),
    }),
  ],
  preview: { select: { title: 'batchId', subtitle: 'productName' } },
});
