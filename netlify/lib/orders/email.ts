/**
 * The confirmation email a shopper keeps (sent once per order by forward.ts): what they ordered
 * and paid, where it goes, the link to the order's own page, what happens next and how to reach
 * the shop. A pure function of the order, the shop's contact details and the site's address.
 * Every value is HTML-escaped; inline styles in one narrow column, so it reads on a phone.
 */
import { cashOnDelivery } from '#shop/cod/index.ts';
import { formatRupees } from '#shop/money/index.ts';
import type { StoredOrder } from '#shop/order/index.ts';
import type { ShopContact } from './types.ts';

export type EmailedOrder = Pick<
  StoredOrder,
  'orderId' | 'key' | 'mode' | 'createdAt' | 'customer' | 'cart' | 'totals'
> &
  Partial<Pick<StoredOrder, 'cod'>>;

const COLOURS = { ink: '#2b2118', soft: '#5b4d40', line: '#e2d5bd', cream: '#fbf6ec', forest: '#2f5d3a' };
const FONT = 'font-family:system-ui,-apple-system,Segoe UI,Roboto,Noto Sans,sans-serif';

/** Text made safe to place in HTML, between tags or inside a quoted attribute. */
export function escapeHtml(value: string | number): string {
  return String(value)
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** The order's own page; undefined for an order recorded before orders had a key. */
export function orderPageUrl(siteUrl: string, order: Pick<StoredOrder, 'orderId' | 'key'>): string | undefined {
  if (!order.key) return undefined;
  return `${siteUrl.replace(/\/+$/, '')}/orders/${encodeURIComponent(order.orderId)}?key=${encodeURIComponent(order.key)}`;
}

const placedOn = new Intl.DateTimeFormat('en-IN', { dateStyle: 'long', timeZone: 'Asia/Kolkata' });

/**
 * `whatHappensNext` is the shipping policy's dispatch and delivery paragraphs (content's
 * `whatHappensNext`, as the order page shows them): editing the policy in Studio changes both.
 */
export function orderEmail(
  order: EmailedOrder,
  shop: ShopContact,
  siteUrl: string,
  whatHappensNext: readonly string[] = [],
): { subject: string; html: string } {
  const subject = `Your order ${order.orderId} at ${shop.name}`;
  const { customer } = order;
  const advance = order.cod?.advance;
  const link = orderPageUrl(siteUrl, order);
  const paid = paidSentence(order);
  const body = [
    letterhead(shop.name),
    paragraph(`Hello ${escapeHtml(customer.name)},`),
    paragraph(`Thank you for your order! ${paid}`),
    paragraph(
      `Order <strong>${escapeHtml(order.orderId)}</strong>, placed on ${escapeHtml(placedOn.format(new Date(order.createdAt)))}.`,
    ),
    link
      ? paragraph(
          `${buttonLink(link, 'See your order')}<br><span style="font-size:13px;color:${COLOURS.soft}">Its page shows where your parcel is, from packing to your door. Anyone with this link can see the order, so please keep it to yourself.</span>`,
        )
      : '',
    heading('Your order'),
    linesTable(order),
    heading('Payment'),
    paragraph(
      order.mode === 'cod' ? (advance ? 'Cash on delivery, the COD fee paid now' : 'Cash on delivery') : 'Paid online',
    ),
    heading('Delivering to'),
    paragraph(addressLines(customer).map(escapeHtml).join('<br>')),
    ...(whatHappensNext.length > 0
      ? [heading('What happens next'), ...whatHappensNext.map((text) => paragraph(escapeHtml(text)))]
      : []),
    heading('Questions?'),
    contactParagraph(shop, order.orderId),
    paragraph(`With thanks from all of us at ${escapeHtml(shop.name)}.`),
  ].join('\n');
  return { subject, html: emailDocument(subject, body) };
}

/** What was paid and what is left: a COD order's cash is the total less its COD fee paid now (rule 17). */
function paidSentence(order: EmailedOrder): string {
  const rupees = (amount: number) => `<strong>${escapeHtml(formatRupees(amount))}</strong>`;
  if (order.mode === 'prepaid') return `Your payment of ${rupees(order.totals.total)} has reached us.`;
  const cash = `${rupees(cashOnDelivery(order.totals.total, order.cod))} in cash when it arrives.`;
  const advance = order.cod?.advance;
  return advance ? `Your COD fee of ${rupees(advance.amount)} has reached us, and you pay ${cash}` : `You pay ${cash}`;
}

/** The shop's emails' one page: a narrow column of `body` (already escaped HTML) that reads on a phone. */
export function emailDocument(subject: string, body: string): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(subject)}</title>
</head>
<body style="margin:0;padding:0;background:${COLOURS.cream}">
<div style="max-width:560px;margin:0 auto;padding:24px 16px;background:#ffffff;color:${COLOURS.ink};${FONT};font-size:16px;line-height:1.5">
${body}
</div>
</body>
</html>
`;
}

/** A paragraph of already escaped HTML. */
export const paragraph = (inner: string) => `<p style="margin:0 0 12px">${inner}</p>`;

/** The shop's name as the emails' letterhead. */
export const letterhead = (name: string) =>
  `<p style="margin:0 0 16px;font-size:20px;font-weight:bold;color:${COLOURS.forest}">${escapeHtml(name)}</p>`;

/** A button-like link (already escaped href). */
export const buttonLink = (href: string, text: string) =>
  `<a href="${escapeHtml(href)}" style="display:inline-block;padding:10px 16px;background:${COLOURS.forest};color:#ffffff;text-decoration:none;border-radius:6px">${escapeHtml(text)}</a>`;

/** How to reach the shop about an order: reply, email, phone or WhatsApp. */
export function contactParagraph(shop: ShopContact, orderId: string): string {
  const whatsapp = `https://wa.me/${encodeURIComponent(shop.whatsappNumber)}?text=${encodeURIComponent(`Hi! About my order ${orderId}`)}`;
  return paragraph(
    `Reply to this email, write to <a href="mailto:${escapeHtml(shop.email)}" style="color:${COLOURS.forest}">${escapeHtml(shop.email)}</a>, call ${escapeHtml(shop.phone)} or <a href="${escapeHtml(whatsapp)}" style="color:${COLOURS.forest}">message us on WhatsApp</a>, with your order number.`,
  );
}

const heading = (text: string) =>
  `<h2 style="margin:24px 0 8px;font-size:17px;color:${COLOURS.ink};border-bottom:1px solid ${COLOURS.line};padding-bottom:4px">${escapeHtml(text)}</h2>`;

function linesTable(order: EmailedOrder): string {
  const cell = 'padding:6px 0;vertical-align:top';
  const rows = order.cart.lines.map(
    (line) =>
      `<tr><td style="${cell}">${escapeHtml(line.name)}<br><span style="font-size:13px;color:${COLOURS.soft}">${escapeHtml(line.size)} · ${escapeHtml(line.quantity)} × ${escapeHtml(formatRupees(line.price))}</span></td><td style="${cell};text-align:right;white-space:nowrap">${escapeHtml(formatRupees(line.lineTotal))}</td></tr>`,
  );
  const { subtotal, shippingCharge, codCharge, total } = order.totals;
  const sums: [string, string][] = [
    ['Subtotal', formatRupees(subtotal)],
    ['Shipping', shippingCharge === 0 ? 'Free' : formatRupees(shippingCharge)],
    ...(order.mode === 'cod' ? [['Cash on delivery charge', formatRupees(codCharge)] as [string, string]] : []),
  ];
  const sumRows = sums.map(([label, value], index) => {
    const style = index === 0 ? `${cell};border-top:1px solid ${COLOURS.line}` : cell;
    return `<tr><td style="${style};color:${COLOURS.soft}">${escapeHtml(label)}</td><td style="${style};text-align:right">${escapeHtml(value)}</td></tr>`;
  });
  const totalRow = `<tr><td style="${cell};border-top:1px solid ${COLOURS.line};font-weight:bold">Total</td><td style="${cell};border-top:1px solid ${COLOURS.line};text-align:right;font-weight:bold">${escapeHtml(formatRupees(total))}</td></tr>`;
  return `<table role="presentation" style="width:100%;border-collapse:collapse">${[...rows, ...sumRows, totalRow].join('')}</table>`;
}

function addressLines(customer: EmailedOrder['customer']): string[] {
  const place = [customer.city, customer.state].filter((part) => part?.trim()).join(', ');
  return [
    customer.name,
    customer.address1,
    customer.address2,
    [place, customer.pincode].filter(Boolean).join(' '),
    `Phone ${customer.phone}`,
  ].filter((line): line is string => Boolean(line?.trim()));
}

/**
 * A short email of news about an order (its parcel, a cancellation, a refund): hello, the news
 * (already escaped HTML, one paragraph each), a button to the order's page (or `fallback` when the
 * order has no key), how to reach the shop.
 */
export function newsEmail(
  subject: string,
  order: Pick<StoredOrder, 'orderId' | 'key' | 'customer'>,
  shop: ShopContact,
  siteUrl: string,
  lines: readonly string[],
  fallback?: { href: string; text: string },
): { subject: string; html: string } {
  const page = orderPageUrl(siteUrl, order);
  const link = page ? { href: page, text: 'See your order' } : fallback;
  const body = [
    letterhead(shop.name),
    paragraph(`Hello ${escapeHtml(order.customer.name)},`),
    ...lines.map(paragraph),
    link ? paragraph(buttonLink(link.href, link.text)) : '',
    contactParagraph(shop, order.orderId),
    paragraph(`With thanks from all of us at ${escapeHtml(shop.name)}.`),
  ].join('\n');
  return { subject, html: emailDocument(subject, body) };
}
