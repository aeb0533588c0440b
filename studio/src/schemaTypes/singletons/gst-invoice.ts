/**
 * Shop settings → GST invoices (issue 35; docs/content-model.md): what every tax invoice prints of
 * the supplier, its number's prefix, how shipping and the COD fee are taxed, and how it is signed.
 * Left empty, the shop issues no invoices ("invoicing not set up"); once filled, every field the
 * invoice needs is required.
 */
import { defineField, type ValidationContext } from 'sanity';
import { gstinRule } from '../rules.ts';

/**
 * The bundled dataset's GSTIN: made up, with a valid check character so the invoice code can be
 * tried. The Studio warns while it is still there.
 */
export const PLACEHOLDER_GSTIN = '05AAAFO0000A1ZK';

/** A field of a choice that only counts in one mode: hidden in the others. */
const onlyIn =
  (mode: string) =>
  ({ parent }: { parent?: { mode?: unknown } }) =>
    parent?.mode !== mode;

/** ...and required in its own. */
const neededIn = (mode: string, message: string) => (value: unknown, context: ValidationContext) =>
  (context.parent as { mode?: unknown } | undefined)?.mode === mode && (value === undefined || value === '')
    ? message
    : true;

/**
 * The choice the object's other fields follow (`onlyIn`, `neededIn`), as radio buttons; `check`,
 * a rule of the choice beyond being made.
 */
const modeField = (
  list: { value: string; title: string }[],
  check?: (mode: unknown, context: ValidationContext) => true | string,
) =>
  defineField({
    name: 'mode',
    type: 'string',
    options: { list, layout: 'radio' },
    validation: (rule) => (check ? rule.required().custom(check) : rule.required()),
  });

export const gstInvoiceField = defineField({
  name: 'gstInvoice',
  title: 'GST invoices',
  group: 'gst',
  type: 'object',
  description:
    "What every GST tax invoice prints of the shop (Rule 46). Leave it all empty and the shop issues no invoices. The rates are the 'GST rate' documents.",
  fields: [
    defineField({
      name: 'legalName',
      title: 'Legal name',
      type: 'string',
      description: 'The name on the GST registration certificate.',
      validation: (rule) => rule.required().max(100),
    }),
    defineField({
      name: 'tradeName',
      title: 'Trade name',
      type: 'string',
      description: 'The brand, printed above the legal name. Leave empty when it is the same.',
      validation: (rule) => rule.max(100),
    }),
    defineField({
      name: 'gstin',
      title: 'GSTIN',
      type: 'string',
      description: `The shop's 15-character GSTIN, capitals. The bundled ${PLACEHOLDER_GSTIN} is a made-up placeholder: replace it with the shop's own before going live.`,
      validation: (rule) => [
        rule.required().custom(gstinRule),
        rule
          .custom((value) =>
            value === PLACEHOLDER_GSTIN ? "This is the bundled placeholder, not the shop's GSTIN." : true,
          )
          .warning(),
      ],
    }),
    defineField({
      name: 'address',
      title: 'Address',
      type: 'array',
      of: [{ type: 'string' }],
      description: 'The principal place of business as registered, one line each (the name is printed above).',
      validation: (rule) => rule.required().min(1).max(4),
    }),
    defineField({
      name: 'stateName',
      title: 'State',
      type: 'string',
      description: 'The State of registration. Goods delivered there are taxed CGST + SGST, elsewhere IGST.',
      initialValue: 'Uttarakhand',
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'stateCode',
      title: 'State code',
      type: 'string',
      description: "Two digits, the GSTIN's first two: 05 for Uttarakhand.",
      initialValue: '05',
      validation: (rule) =>
        rule
          .required()
          .regex(/^\d{2}$/, { name: 'two digits' })
          .custom((code, context) => {
            const gstin = (context.parent as { gstin?: unknown } | undefined)?.gstin;
            return typeof gstin !== 'string' || typeof code !== 'string' || gstin.startsWith(code)
              ? true
              : 'The State code is the first two digits of the GSTIN.';
          }),
    }),
    defineField({
      name: 'invoicePrefix',
      title: 'Invoice number prefix',
      type: 'string',
      description:
        'Starts every invoice number: OUO gives OUO/26-27/000123. Capital letters and digits, at most 3, so a number stays within the 16 characters the law allows. Change it only at the start of a financial year (1 April).',
      initialValue: 'OUO',
      validation: (rule) => rule.required().regex(/^[A-Z0-9]{1,3}$/, { name: '1 to 3 capital letters or digits' }),
    }),
    defineField({
      name: 'chargesTax',
      title: 'Tax on shipping and the COD fee',
      type: 'object',
      description:
        "How the invoice taxes the shipping charge and the COD fee. The owner's accountant confirms which: as part of the goods (a composite supply, at the rate of the goods line paid most for), or as a service at a rate of its own under a SAC.",
      initialValue: { mode: 'principal' },
      validation: (rule) => rule.required(),
      fields: [
        modeField([
          { value: 'principal', title: "At the goods' rate (composite supply)" },
          { value: 'rate', title: 'At a rate of its own, under a SAC' },
        ]),
        defineField({
          name: 'rate',
          title: 'Rate (%)',
          type: 'number',
          hidden: onlyIn('rate'),
          validation: (rule) =>
            rule
              .min(0)
              .max(28)
              .precision(2)
              .custom(neededIn('rate', 'The rate is needed when the charges have a rate of their own.')),
        }),
        defineField({
          name: 'sac',
          title: 'SAC',
          type: 'string',
          description: 'The service code, 4 or 6 digits starting 99, e.g. 996812 (courier services).',
          hidden: onlyIn('rate'),
          validation: (rule) =>
            rule
              .regex(/^99\d{2}(\d{2})?$/, { name: 'a SAC' })
              .custom(neededIn('rate', 'The SAC is needed when the charges have a rate of their own.')),
        }),
      ],
    }),
    defineField({
      name: 'signature',
      title: 'Signature',
      type: 'object',
      description: 'How the invoice is signed: the note that it is computer-generated, or a signature image.',
      initialValue: { mode: 'computer-generated' },
      validation: (rule) => rule.required(),
      fields: [
        modeField(
          [
            { value: 'computer-generated', title: 'Computer-generated: no signature needed' },
            { value: 'image', title: 'A signature image' },
          ],
          // Checked here, not on the image: Sanity's validation outside the Studio downgrades an
          // image's own rules to warnings, and a missing signature must stop publishing anywhere.
          (mode, context) =>
            mode === 'image' && !(context.parent as { image?: { asset?: unknown } } | undefined)?.image?.asset
              ? 'Add the signature image, or choose computer-generated.'
              : true,
        ),
        defineField({
          name: 'image',
          type: 'image',
          description: 'The signature on a white or clear background, as wide as it is printed (about 4 cm).',
          hidden: onlyIn('image'),
        }),
        defineField({
          name: 'signatory',
          title: 'Signatory',
          type: 'string',
          description: 'The name printed under the signature.',
          hidden: onlyIn('image'),
          validation: (rule) => rule.custom(neededIn('image', 'Add the name of whoever signs.')),
        }),
      ],
    }),
  ],
});
