/**
 * The GST State codes (issue 35): the two digits a GSTIN starts with, and the code an invoice
 * prints beside the place of supply's name. Each State's name is the one `INDIAN_STATES` gives it
 * (src/shop/pincodes/pincode-states.ts), so the State a shopper typed finds its code.
 *
 * Source: the GST portal's list of State codes (the same as the Census 2011 codes, with Telangana
 * 36, Andhra Pradesh 37 after the 2014 division and Ladakh 38 after 2019). Two codes are no longer
 * given to anyone but stay valid in an old GSTIN: 25, Daman and Diu before they joined Dadra and
 * Nagar Haveli as 26 (January 2020), and 28, Andhra Pradesh before its division. 97 is "Other
 * Territory" (the offshore areas); 99, the Centre's own jurisdiction, is never a buyer's and is left out.
 */
import { stateNamed } from '../pincodes/index.ts';

export const GST_STATE_CODES = {
  '01': 'Jammu and Kashmir',
  '02': 'Himachal Pradesh',
  '03': 'Punjab',
  '04': 'Chandigarh',
  '05': 'Uttarakhand',
  '06': 'Haryana',
  '07': 'Delhi',
  '08': 'Rajasthan',
  '09': 'Uttar Pradesh',
  '10': 'Bihar',
  '11': 'Sikkim',
  '12': 'Arunachal Pradesh',
  '13': 'Nagaland',
  '14': 'Manipur',
  '15': 'Mizoram',
  '16': 'Tripura',
  '17': 'Meghalaya',
  '18': 'Assam',
  '19': 'West Bengal',
  '20': 'Jharkhand',
  '21': 'Odisha',
  '22': 'Chhattisgarh',
  '23': 'Madhya Pradesh',
  '24': 'Gujarat',
  '25': 'Daman and Diu (before 2020)',
  '26': 'Dadra and Nagar Haveli and Daman and Diu',
  '27': 'Maharashtra',
  '28': 'Andhra Pradesh (before 2014)',
  '29': 'Karnataka',
  '30': 'Goa',
  '31': 'Lakshadweep',
  '32': 'Kerala',
  '33': 'Tamil Nadu',
  '34': 'Puducherry',
  '35': 'Andaman and Nicobar Islands',
  '36': 'Telangana',
  '37': 'Andhra Pradesh',
  '38': 'Ladakh',
  '97': 'Other Territory',
} as const;

export type GstStateCode = keyof typeof GST_STATE_CODES;

/** The codes in use today, by name: the two retired codes are never the answer for a name. */
const CODE_BY_NAME: ReadonlyMap<string, GstStateCode> = new Map(
  Object.entries(GST_STATE_CODES)
    .filter(([code]) => code !== '25' && code !== '28')
    .map(([code, name]) => [name, code as GstStateCode]),
);

/** Is `code` a GST State code (two digits, in the table)? */
export function isGstStateCode(code: string): code is GstStateCode {
  return Object.hasOwn(GST_STATE_CODES, code);
}

/**
 * The code of a State or Union Territory, read as forgivingly as the checkout reads a typed State
 * (`stateNamed`: "UK", "uttaranchal", "Daman and Diu" → its code today); undefined for a name the
 * shop does not know.
 */
export function gstStateCode(stateName: string): GstStateCode | undefined {
  return CODE_BY_NAME.get(stateNamed(stateName) ?? stateName.trim());
}

/** The name of the State or Union Territory with `code`; undefined for a code not in the table. */
export function gstStateName(code: string): string | undefined {
  return isGstStateCode(code) ? GST_STATE_CODES[code] : undefined;
}
