/**
 * The label the shop draws for a booked parcel (when Delhivery's own packing slip is not to be
 * had): one HTML page the size of a 4 × 6 inch (A6) label, printed from the browser. The waybill as
 * a Code 128 barcode with its digits under it, whom it goes to, whom it comes back to, what the
 * courier collects, the order id, the weight and the booking date. A pure function of the order;
 * every value is HTML-escaped.
 */
import { createHash } from 'node:crypto';
import { formatRupees } from '#shop/money/index.ts';
import type { Customer, PaymentMode } from '#shop/order/index.ts';
import { escapeHtml } from '../orders/email.ts';
import { code128Svg } from './code128.ts';

export interface LabelParcel {
  orderId: string;
  waybill: string;
  mode: PaymentMode;
  /** What the courier collects on a COD parcel, in rupees: the order's total less a COD fee paid now. */
  total: number;
  /** The parcel's weight in grams, as booked. */
  grams: number;
  /** When the parcel was booked (ISO); the label's date. */
  bookedAt: string;
  customer: Pick<Customer, 'name' | 'phone' | 'address1' | 'address2' | 'city' | 'state' | 'pincode'>;
}

/** Whom the parcel comes back to: the shop, from its settings (name, address, phone). */
export interface LabelSender {
  name: string;
  address: string;
  phone: string;
}

/**
 * The page's only styles. The label function's content security policy allows this block by its
 * hash (`LABEL_PAGE_POLICY`) and nothing else: no script, no outside font or image.
 */
export const LABEL_STYLE = [
  '@page{size:4in 6in;margin:0}',
  '*{box-sizing:border-box}',
  'body{margin:0;padding:8px;background:#e8e8e8;color:#000;font:10pt/1.3 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",sans-serif}',
  '.label{display:flex;flex-direction:column;gap:.07in;width:4in;max-width:100%;min-height:6in;margin:0 auto;padding:.14in;background:#fff;border:1px solid #000}',
  '.head{display:flex;justify-content:space-between;gap:.1in;font-size:9pt}',
  '.head strong{font-size:10pt}',
  '.barcode{display:block;width:100%;height:.9in}',
  '.waybill{margin:0;text-align:center;font:700 14pt/1.1 ui-monospace,"DejaVu Sans Mono",monospace;letter-spacing:.08em}',
  '.collect{margin:0;padding:.05in;border:3px solid #000;text-align:center;font-size:20pt;font-weight:800;line-height:1.1}',
  '.collect.prepaid{font-size:14pt;border-style:dashed}',
  'section{border-top:1.5px solid #000;padding-top:.05in}',
  'h2{margin:0 0 .02in;font-size:8pt;text-transform:uppercase;letter-spacing:.06em}',
  'address{font-style:normal}',
  '.to address{font-size:12pt}',
  '.to .name{font-size:13pt;font-weight:700}',
  '.pin{font-weight:800;font-size:14pt}',
  '.from address{font-size:9pt}',
  '.note{margin:0;padding:.04in;border:1px dashed #000;font-size:9pt}',
  '.how{max-width:4in;margin:8px auto 0;font-size:9pt;color:#333}',
  '@media print{body{padding:0;background:none}.label{width:4in;height:6in;max-width:none;margin:0;border:0;overflow:hidden}.how{display:none}}',
].join('');

/** The label page's content security policy: the function's own, plus this one style block. */
export const LABEL_PAGE_POLICY = `default-src 'none'; style-src 'sha256-${createHash('sha256').update(LABEL_STYLE).digest('base64')}'; frame-ancestors 'none'`;

const bookedOn = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeZone: 'Asia/Kolkata' });

/** The grams as a label reads them: `750 g`, `1.25 kg`. */
export function formatWeight(grams: number): string {
  return grams < 1000 ? `${Math.round(grams)} g` : `${Number((grams / 1000).toFixed(2))} kg`;
}

/** The shop's address without its name in front (the settings' address starts with it): the name is printed above. */
function withoutName(sender: LabelSender): string {
  const address = sender.address.trim();
  return address.startsWith(`${sender.name}, `) ? address.slice(sender.name.length + 2) : address;
}

/** What the courier collects: the COD total in large type, or that a prepaid parcel takes nothing. */
export function collectLine(parcel: Pick<LabelParcel, 'mode' | 'total'>): string {
  return parcel.mode === 'cod' ? `COLLECT ${formatRupees(parcel.total)}` : 'PREPAID — do not collect';
}

/**
 * The label page. `note` is a line shown on the label itself (why the shop drew it when
 * Delhivery's slip was wanted), so whoever prints it knows.
 */
export function labelHtml(parcel: LabelParcel, sender: LabelSender, note?: string): string {
  const { customer } = parcel;
  const text = (value: string | number | undefined) => escapeHtml(value ?? '');
  const line = (value: string | undefined) => (value?.trim() ? `${text(value.trim())}<br>` : '');
  const place = [customer.city, customer.state].filter((part) => part?.trim()).join(', ');
  const booked = Number.isNaN(Date.parse(parcel.bookedAt)) ? '' : bookedOn.format(new Date(parcel.bookedAt));
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="robots" content="noindex">',
    `<title>Label ${text(parcel.orderId)} · ${text(parcel.waybill)}</title>`,
    `<style>${LABEL_STYLE}</style>`,
    '</head>',
    '<body>',
    '<main class="label">',
    `<div class="head"><span>Order <strong>${text(parcel.orderId)}</strong></span>` +
      `<span>${text(formatWeight(parcel.grams))}${booked ? ` · ${text(booked)}` : ''}</span></div>`,
    code128Svg(parcel.waybill, { height: 60, label: `Waybill ${parcel.waybill}` }),
    `<p class="waybill">${text(parcel.waybill)}</p>`,
    `<p class="collect${parcel.mode === 'cod' ? '' : ' prepaid'}">${text(collectLine(parcel))}</p>`,
    '<section class="to">',
    '<h2>Deliver to</h2>',
    '<address>',
    `<span class="name">${text(customer.name)}</span><br>`,
    line(customer.address1),
    line(customer.address2),
    place ? `${text(place)}<br>` : '',
    `PIN <span class="pin">${text(customer.pincode)}</span><br>`,
    `Phone ${text(customer.phone)}`,
    '</address>',
    '</section>',
    '<section class="from">',
    '<h2>From (return to)</h2>',
    `<address><strong>${text(sender.name)}</strong><br>${text(withoutName(sender))}<br>Phone ${text(sender.phone)}</address>`,
    '</section>',
    note ? `<p class="note">${text(note)}</p>` : '',
    '</main>',
    '<p class="how">Print on a 4 × 6 inch (A6) label: your browser’s Print, that paper size, no margins.</p>',
    '</body>',
    '</html>',
  ]
    .filter(Boolean)
    .join('\n');
}
