/** The shop's settings: contact, shipping figures, the texts every page shows, and the GST invoices' particulars. */
import { defineArrayMember, defineField, defineType } from 'sanity';
import { iconField, requiredString, requiredText } from '../fields.ts';
import { copyField, copyGroup } from './fields.ts';
import { gstInvoiceField } from './gst-invoice.ts';

/** A time of day on the 24-hour clock: 09:30, 14:00. */
const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;

/**
 * A COD rule's threshold: a whole number above 0, or empty for the shop's default (src/shop/cod/cod-rules.ts
 * `COD_RULE_DEFAULTS`, which the description names).
 */
const threshold = (name: string, title: string, description: string) =>
  defineField({ name, title, type: 'number', description, validation: (rule) => rule.integer().positive() });

/** The COD rules (docs/shop-rules.md §10 rule 17, docs/staff-guide.md "COD rules"). */
const codRulesField = defineField({
  name: 'codRules',
  title: 'COD rules',
  group: 'cod',
  type: 'object',
  description:
    'When an order may pay cash on delivery as usual, only with the COD fee paid now, or only online. A field left empty uses the default named under it.',
  fields: [
    defineField({
      name: 'on',
      title: 'COD rules on',
      type: 'boolean',
      description:
        "Off: every order may pay cash on delivery (except where Delhivery takes no cash). The phone's orders are still remembered.",
      initialValue: true,
    }),
    threshold(
      'minAddressChars',
      'Shortest address (characters)',
      'Address lines 1 and 2 together need at least this many characters and two words, or the COD fee is paid now. Default 12 ("12 Mall Road").',
    ),
    threshold(
      'rtoAdvanceFrom',
      'Returns before the fee is paid now',
      'A phone whose COD orders came back, or were cancelled by the shopper, this many times pays the COD fee now. Default 1.',
    ),
    threshold(
      'rtoPrepaidFrom',
      'Returns before COD is closed',
      'From this many such orders the phone may only pay online. Default 3.',
    ),
    threshold(
      'dayAmountLimit',
      'Most COD in 24 hours (₹)',
      "Above this total of one phone's COD orders in 24 hours, this one included, the COD fee is paid now. Default 10000.",
    ),
    threshold(
      'firstOrderCap',
      'Largest first COD order (₹)',
      'A phone with no delivered order yet pays the COD fee now for a total above this. Default 3000.',
    ),
  ],
});

export const shopSettings = defineType({
  name: 'shopSettings',
  title: 'Shop settings',
  type: 'document',
  groups: [
    { name: 'shop', title: 'Shop', default: true },
    { name: 'texts', title: 'Texts across the site' },
    { name: 'cod', title: 'COD rules' },
    { name: 'gst', title: 'GST invoices' },
  ],
  fields: [
    copyField('deliveryBanner', 'The strip at the top of every page.', 70, {
      placeholder: 'amount',
      group: 'texts',
      title: 'Delivery banner',
    }),
    copyField('footerLegal', "The last line of every page's footer, after © and the shop's name.", 140, {
      group: 'texts',
      title: 'Footer: legal line',
    }),
    defineField({
      name: 'trustBadges',
      title: 'Cart: reasons to buy',
      group: 'texts',
      type: 'array',
      description:
        'The short lines with icons under the cart. A line may use {amount} for the free-delivery threshold.',
      of: [
        defineArrayMember({
          type: 'object',
          name: 'trustBadge',
          fields: [
            iconField(),
            defineField({ name: 'text', type: 'string', validation: (rule) => rule.required().max(70) }),
          ],
          preview: { select: { title: 'text', subtitle: 'icon' } },
        }),
      ],
      validation: (rule) => rule.required().min(2).max(4),
    }),
    copyGroup(
      'newsletter',
      'Blog: newsletter box',
      'The box under the blog list. There is no newsletter yet: the note says so.',
      [
        copyField('title', 'Its heading.', 40),
        copyField('text', 'The sentence under the heading.', 160, { rows: 2 }),
        copyField('note', 'The small print under the button.', 160, { rows: 2 }),
      ],
      'texts',
    ),
    copyField('contactIntro', 'The sentence under the heading of /contact.', 160, {
      rows: 2,
      group: 'texts',
      title: 'Contact: introduction',
    }),
    copyField('productNutritionLink', "A product page's link to /nutrition, under its nutrition highlights.", 50, {
      group: 'texts',
      title: 'Product page: link to nutrition',
    }),
    copyField(
      'productPromoButton',
      "The button in a product page's promotional banner (its text is the product's).",
      30,
      {
        group: 'texts',
        title: 'Product page: banner button',
      },
    ),
    requiredString('shopName'),
    defineField({ name: 'tagline', type: 'string' }),
    defineField({
      name: 'showDiscountTag',
      title: 'Show discount tags',
      type: 'boolean',
      description: 'When off, no product card shows a discount tag even if it has a discount.',
      initialValue: true,
    }),
    defineField({ name: 'festivalLabel', type: 'string', initialValue: 'Diwali Discount' }),
    defineField({ name: 'festivalActive', type: 'boolean', initialValue: false }),
    defineField({
      name: 'freeShippingThreshold',
      title: 'Free shipping from (₹)',
      type: 'number',
      validation: (rule) => rule.required().integer().positive(),
    }),
    defineField({
      name: 'codCharge',
      title: 'Cash on Delivery charge (₹)',
      type: 'number',
      validation: (rule) => rule.required().integer().min(0),
    }),
    codRulesField,
    gstInvoiceField,
    defineField({
      name: 'whatsappNumber',
      title: 'WhatsApp number',
      type: 'string',
      description: 'Digits only, with the country code: 91 then the 10-digit number.',
      validation: (rule) => rule.required().regex(/^\d{10,15}$/),
    }),
    defineField({ name: 'whatsappGreeting', type: 'string', validation: (rule) => rule.required().max(200) }),
    defineField({ name: 'contactEmail', type: 'string', validation: (rule) => rule.required().email() }),
    requiredString('contactPhone'),
    requiredText('address', 3),
    defineField({ name: 'socialLinks', type: 'array', of: [{ type: 'socialLink' }] }),
    defineField({ name: 'marketplaceNote', type: 'string' }),
    defineField({
      name: 'pickup',
      title: 'Courier pickup',
      type: 'object',
      validation: (rule) => rule.required(),
      fields: [
        requiredString('name'),
        defineField({ name: 'pincode', type: 'string', validation: (rule) => rule.required().regex(/^\d{6}$/) }),
        defineField({
          name: 'cutoff',
          title: 'Pickup request cut-off (India time, HH:MM)',
          type: 'string',
          description:
            "From this time each day the shop asks Delhivery once for a pickup of the day's booked parcels (only when there are any). Parcels booked later go with the next day's pickup. Must be before the pickup time.",
          initialValue: '14:00',
          validation: (rule) =>
            rule
              .required()
              .regex(HH_MM, { name: 'HH:MM' })
              .custom((cutoff, context) => {
                const time = (context.parent as { time?: unknown } | undefined)?.time;
                return typeof cutoff !== 'string' || typeof time !== 'string' || cutoff < time
                  ? true
                  : 'The cut-off must be before the pickup time.';
              }),
        }),
        defineField({
          name: 'time',
          title: 'Pickup time asked of Delhivery (India time, HH:MM)',
          type: 'string',
          description:
            "The time the courier is asked to come for the day's parcels (Delhivery's pickup_time). A request that fails is retried until this time; after it, staff are told to arrange the day's pickup themselves.",
          initialValue: '16:00',
          validation: (rule) => rule.required().regex(HH_MM, { name: 'HH:MM' }),
        }),
      ],
    }),
  ],
});
