/**
 * A GST rate as dated content (issue 35, docs/content-model.md): the rate for an HSN from a date
 * until a later document for the same HSN starts. An invoice takes the rate in force on its own
 * date, so a rate change is a new document, never an edit of the old one.
 */
import { defineField, defineType, type ValidationContext } from 'sanity';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** 2025-09-22 → 22 Sep 2025 (the date as stored, no time zone involved). */
function dayMonthYear(date: unknown): string {
  const match = typeof date === 'string' ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(date) : null;
  if (!match) return 'no date';
  const [, year, month, day] = match;
  return `${Number(day)} ${MONTHS[Number(month) - 1] ?? month} ${year}`;
}

/** `0405 · 5 % from 22 Sep 2025`: how a rate reads in the Studio's list. */
export function rateTitle(rate: Readonly<Record<string, unknown>>): string {
  return `${String(rate.hsn ?? '????')} · ${String(rate.rate ?? '?')} % from ${dayMonthYear(rate.validFrom)}`;
}

/** One rate per HSN and date: two would leave an invoice of that day with two rates to choose from. */
async function oneRatePerDay(validFrom: unknown, context: ValidationContext) {
  const hsn = (context.document as { hsn?: unknown } | undefined)?.hsn;
  if (typeof validFrom !== 'string' || typeof hsn !== 'string') return true;
  const id = (context.document?._id ?? '').replace(/^drafts\./, '');
  const count = await context
    .getClient({ apiVersion: '2025-02-19' })
    .fetch<number>(
      `count(*[_type == "taxRate" && hsn == $hsn && validFrom == $validFrom && !(_id in [$id, "drafts." + $id])])`,
      { hsn, validFrom, id },
    );
  return count === 0 ? true : `Another rate for HSN ${hsn} already starts on ${validFrom}.`;
}

export const TO_CONFIRM_WARNING = 'The owner has not confirmed this rate with the accountant yet.';

export const taxRate = defineType({
  name: 'taxRate',
  title: 'GST rate',
  type: 'document',
  fields: [
    defineField({
      name: 'hsn',
      title: 'HSN',
      type: 'string',
      description:
        "4, 6 or 8 digits, no spaces. A rate for 0713 applies to every product whose HSN starts with 0713 (07133300); when several match, the longest wins. A product's own HSN is on the product.",
      validation: (rule) => rule.required().regex(/^\d{4}(\d{2}){0,2}$/, { name: '4, 6 or 8 digits' }),
    }),
    defineField({
      name: 'rate',
      title: 'Rate (%)',
      type: 'number',
      description: 'The GST rate in percent, e.g. 5 or 12; up to two decimals (0.25). CGST and SGST are half each.',
      validation: (rule) => rule.required().min(0).max(28).precision(2),
    }),
    defineField({
      name: 'validFrom',
      title: 'In force from',
      type: 'date',
      description:
        'The first day (India) this rate applies. It applies until the day before a later rate for the same HSN starts. To change a rate, add a new one with its date: invoices already issued keep theirs.',
      options: { dateFormat: 'D MMM YYYY' },
      validation: (rule) => rule.required().custom(oneRatePerDay),
    }),
    defineField({
      name: 'toConfirm',
      title: 'To confirm with the accountant',
      type: 'boolean',
      description:
        'On: the owner has not confirmed this rate with the accountant yet. Invoices still use it; the GST report says which used it. Switch off once confirmed.',
      initialValue: true,
      validation: (rule) => rule.custom((value) => (value === true ? TO_CONFIRM_WARNING : true)).warning(),
    }),
    defineField({
      name: 'note',
      type: 'text',
      rows: 2,
      description: 'Optional: where the rate comes from (a notification, the accountant), for whoever checks it next.',
    }),
  ],
  orderings: [
    {
      title: 'HSN, newest rate first',
      name: 'hsnThenNewest',
      by: [
        { field: 'hsn', direction: 'asc' },
        { field: 'validFrom', direction: 'desc' },
      ],
    },
  ],
  preview: {
    select: { hsn: 'hsn', rate: 'rate', validFrom: 'validFrom', toConfirm: 'toConfirm', note: 'note' },
    prepare: ({ hsn, rate, validFrom, toConfirm, note }) => ({
      title: rateTitle({ hsn, rate, validFrom }),
      subtitle: toConfirm === true ? `⚠ To confirm with the accountant${note ? ` · ${note}` : ''}` : note,
    }),
  },
});
