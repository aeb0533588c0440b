/**
 * The invoice's serial number and its financial year (docs/shop-rules.md §12): Rule 46 (b) wants a
 * consecutive serial of at most 16 characters (letters, digits, `-`, `/`), unique for the financial
 * year, which runs from 1 April to 31 March. Invoices are `OUO/26-27/000123`; credit notes, a series
 * of their own, `CN/26-27/000007`.
 */

/** Rule 46 (b): letters, digits, hyphen and slash, 1 to 16 characters. */
export const SERIAL_PATTERN = /^[A-Za-z0-9/-]{1,16}$/;

export interface FinancialYear {
  /** `2026-27`: a storage key's part, and the report's heading. */
  id: string;
  /** `26-27`: the part printed in a serial number. */
  short: string;
  /** The first and last India dates of the year, YYYY-MM-DD. */
  from: string;
  to: string;
}

/** The financial year an India date (YYYY-MM-DD) falls in: 31 March 2027 is 2026-27, 1 April 2027 is 2027-28. */
export function financialYear(date: string): FinancialYear {
  const year = Number(date.slice(0, 4));
  const start = date.slice(5) >= '04-01' ? year : year - 1;
  const two = (n: number) => String(n % 100).padStart(2, '0');
  return {
    id: `${start}-${two(start + 1)}`,
    short: `${two(start)}-${two(start + 1)}`,
    from: `${start}-04-01`,
    to: `${start + 1}-03-31`,
  };
}

export type Series = 'invoice' | 'credit-note';

/** Six digits: a million documents a year before a number would need a seventh. */
const DIGITS = 6;

/** `OUO/26-27/000123` (invoice) or `CN/26-27/000123` (credit note); throws past 16 characters. */
export function serialNumber(series: Series, prefix: string, year: FinancialYear, n: number): string {
  if (!Number.isInteger(n) || n < 1) throw new RangeError(`A serial number starts at 1, not ${n}.`);
  const head = series === 'invoice' ? prefix : 'CN';
  const serial = `${head}/${year.short}/${String(n).padStart(DIGITS, '0')}`;
  if (!SERIAL_PATTERN.test(serial)) throw new RangeError(`${serial} is not a Rule 46 serial number.`);
  return serial;
}

/** The running number inside a serial (`OUO/26-27/000123` → 123). */
export const serialIndex = (serial: string) => Number(serial.slice(serial.lastIndexOf('/') + 1));
