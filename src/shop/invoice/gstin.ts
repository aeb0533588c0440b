/**
 * A GSTIN, the buyer's GST number for a tax invoice in a business's name (issue 35,
 * docs/shop-rules.md §5): the one rule the checkout and the server read it by.
 *
 * 15 characters: the two-digit GST State code of the registration (gst-states.ts), the holder's
 * PAN (5 letters, 4 digits, 1 letter), the entity number for that PAN in that State (1–9, then
 * A–Z), `Z`, and a check character. The check is the GSTN's mod-36 rule: each of the first 14
 * characters is worth its place in 0–9A–Z (0–35), times 1 and 2 alternately from the first;
 * each product adds its quotient and remainder by 36; the check is worth (36 − sum mod 36) mod 36.
 * Other kinds of GSTIN (a TDS deductor's, a UN body's, a non-resident's) are not a shop buyer's.
 */

import { cleanText } from '../text.ts';
import { isGstStateCode } from './gst-states.ts';

export type GstinProblem = 'length' | 'format' | 'state' | 'checksum';
export type GstinResult = { ok: true; gstin: string } | { ok: false; reason: GstinProblem };

const CHARACTERS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const PATTERN = /^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

/**
 * A GSTIN as it was meant: the shop's reading of any text (`cleanText`: invisible characters
 * gone), then upper case and without spaces, as people copy it in groups ("27 AAPFU 0939 F1ZV").
 */
export function normaliseGstin(typed: string): string {
  return cleanText(typed).replace(/ /g, '').toUpperCase();
}

/** The check character the first 14 characters of a GSTIN call for. */
export function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (let index = 0; index < 14; index += 1) {
    const product = CHARACTERS.indexOf(first14.charAt(index)) * (index % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return CHARACTERS.charAt((36 - (sum % 36)) % 36);
}

/** The GSTIN in `typed`, normalised, or why it is none: its length, its form, its State code or its check. */
export function readGstin(typed: string): GstinResult {
  const gstin = normaliseGstin(typed);
  if (gstin.length !== 15) return { ok: false, reason: 'length' };
  if (!PATTERN.test(gstin)) return { ok: false, reason: 'format' };
  if (!isGstStateCode(gstin.slice(0, 2))) return { ok: false, reason: 'state' };
  if (gstinCheckCharacter(gstin) !== gstin.charAt(14)) return { ok: false, reason: 'checksum' };
  return { ok: true, gstin };
}
