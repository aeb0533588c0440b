/**
 * An invoice's total in words, as Indian invoices and cheques write it (docs/shop-rules.md §12):
 * the Indian numbering system — thousand, lakh (1,00,000), crore (1,00,00,000) — in English,
 * `Rupees One Lakh Twenty Thousand Forty-Five and Fifty Paise only`. No imports.
 */

const ONES = [
  'Zero',
  'One',
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Eleven',
  'Twelve',
  'Thirteen',
  'Fourteen',
  'Fifteen',
  'Sixteen',
  'Seventeen',
  'Eighteen',
  'Nineteen',
];
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];

/** 0–99: `Forty-Five`, `Seventy`, `Nine`. */
function belowHundred(n: number): string {
  if (n < 20) return `${ONES[n]}`;
  const ones = n % 10;
  return `${TENS[Math.floor(n / 10)]}${ones ? `-${ONES[ones]}` : ''}`;
}

/**
 * A whole number in words, Indian numbering: crores above a hundred crore read as a number of
 * crores (`One Thousand Crore`), as Indian amounts are read.
 */
export function numberInWords(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`Not a whole number of rupees: ${n}`);
  if (n === 0) return 'Zero';
  const parts: string[] = [];
  const crores = Math.floor(n / 10_000_000);
  if (crores) parts.push(`${numberInWords(crores)} Crore`);
  const groups: [number, string][] = [
    [Math.floor((n % 10_000_000) / 100_000), 'Lakh'],
    [Math.floor((n % 100_000) / 1_000), 'Thousand'],
    [Math.floor((n % 1_000) / 100), 'Hundred'],
  ];
  for (const [count, name] of groups) if (count) parts.push(`${belowHundred(count)} ${name}`);
  if (n % 100) parts.push(belowHundred(n % 100));
  return parts.join(' ');
}

/** `Rupees One Thousand Forty-Five only`; with paise, `… and Fifty Paise only` (one: `One Paisa`). */
export function rupeesInWords(paise: number): string {
  if (!Number.isSafeInteger(paise) || paise < 0) throw new RangeError(`Not an amount in paise: ${paise}`);
  const rupees = `Rupees ${numberInWords(Math.floor(paise / 100))}`;
  const rest = paise % 100;
  if (!rest) return `${rupees} only`;
  return `${rupees} and ${numberInWords(rest)} ${rest === 1 ? 'Paisa' : 'Paise'} only`;
}
