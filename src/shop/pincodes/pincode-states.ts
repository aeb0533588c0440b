/**
 * Which States and Union Territories a pincode can be in, from its first digits, and the State a
 * shopper typed read forgivingly: the `address_pincode_state_mismatch` COD rule (cod-rules.ts,
 * docs/shop-rules.md §10 rule 17).
 *
 * Source: India Post's PIN scheme — the first two digits name the postal circle, the first three the
 * sorting district — as tabulated in Wikipedia's "Postal Index Number" article (circles by their
 * first 2 digits; 403 Goa, 682 Lakshadweep, 737 Sikkim, 744 Andaman and Nicobar, 790–799 the
 * north-eastern States), cross-checked with getpincode.org/about. A circle serves more than one
 * State in places (the Uttar Pradesh circle's 24–26 districts include Uttarakhand's; Diu is 362,
 * Daman and Silvassa 396; Puducherry's Karaikal 609, Mahe 673, Yanam 533; Mohali is 160 beside
 * Chandigarh; Telangana's 507 villages moved to Andhra Pradesh in 2014): every State a prefix may
 * hold is listed. Where unsure, a neighbour is allowed: a real address flagged costs a sale, a
 * mismatch missed costs only this one rule's say.
 */

export const INDIAN_STATES = [
  'Andaman and Nicobar Islands',
  'Andhra Pradesh',
  'Arunachal Pradesh',
  'Assam',
  'Bihar',
  'Chandigarh',
  'Chhattisgarh',
  'Dadra and Nagar Haveli and Daman and Diu',
  'Delhi',
  'Goa',
  'Gujarat',
  'Haryana',
  'Himachal Pradesh',
  'Jammu and Kashmir',
  'Jharkhand',
  'Karnataka',
  'Kerala',
  'Ladakh',
  'Lakshadweep',
  'Madhya Pradesh',
  'Maharashtra',
  'Manipur',
  'Meghalaya',
  'Mizoram',
  'Nagaland',
  'Odisha',
  'Puducherry',
  'Punjab',
  'Rajasthan',
  'Sikkim',
  'Tamil Nadu',
  'Telangana',
  'Tripura',
  'Uttar Pradesh',
  'Uttarakhand',
  'West Bengal',
] as const;
export type IndianState = (typeof INDIAN_STATES)[number];

const UP_UK: IndianState[] = ['Uttar Pradesh', 'Uttarakhand'];
const NORTH_EAST: IndianState[] = [
  'Arunachal Pradesh',
  'Assam',
  'Meghalaya',
  'Manipur',
  'Mizoram',
  'Nagaland',
  'Tripura',
];

/** By the first two digits (the postal circle). 90–99 is the Army Postal Service: no State. */
const BY_TWO: Readonly<Record<string, readonly IndianState[]>> = {
  '11': ['Delhi'],
  '12': ['Haryana', 'Delhi'],
  '13': ['Haryana', 'Punjab'],
  '14': ['Punjab', 'Haryana'],
  '15': ['Punjab'],
  '16': ['Chandigarh', 'Punjab', 'Haryana'],
  '17': ['Himachal Pradesh'],
  '18': ['Jammu and Kashmir'],
  '19': ['Jammu and Kashmir', 'Ladakh'],
  '20': ['Uttar Pradesh'],
  '21': ['Uttar Pradesh'],
  '22': ['Uttar Pradesh'],
  '23': ['Uttar Pradesh'],
  '24': UP_UK,
  '25': UP_UK,
  '26': UP_UK,
  '27': ['Uttar Pradesh'],
  '28': ['Uttar Pradesh'],
  '30': ['Rajasthan'],
  '31': ['Rajasthan'],
  '32': ['Rajasthan'],
  '33': ['Rajasthan'],
  '34': ['Rajasthan'],
  '36': ['Gujarat', 'Dadra and Nagar Haveli and Daman and Diu'],
  '37': ['Gujarat'],
  '38': ['Gujarat'],
  '39': ['Gujarat', 'Dadra and Nagar Haveli and Daman and Diu'],
  '40': ['Maharashtra', 'Goa'],
  '41': ['Maharashtra'],
  '42': ['Maharashtra'],
  '43': ['Maharashtra'],
  '44': ['Maharashtra'],
  '45': ['Madhya Pradesh'],
  '46': ['Madhya Pradesh'],
  '47': ['Madhya Pradesh'],
  '48': ['Madhya Pradesh', 'Chhattisgarh'],
  '49': ['Chhattisgarh', 'Madhya Pradesh'],
  '50': ['Telangana', 'Andhra Pradesh'],
  '51': ['Andhra Pradesh', 'Telangana'],
  '52': ['Andhra Pradesh'],
  '53': ['Andhra Pradesh', 'Puducherry'],
  '56': ['Karnataka'],
  '57': ['Karnataka'],
  '58': ['Karnataka'],
  '59': ['Karnataka'],
  '60': ['Tamil Nadu', 'Puducherry'],
  '61': ['Tamil Nadu'],
  '62': ['Tamil Nadu'],
  '63': ['Tamil Nadu'],
  '64': ['Tamil Nadu'],
  '67': ['Kerala', 'Puducherry'],
  '68': ['Kerala', 'Lakshadweep'],
  '69': ['Kerala'],
  '70': ['West Bengal'],
  '71': ['West Bengal'],
  '72': ['West Bengal'],
  '73': ['West Bengal', 'Sikkim'],
  '74': ['West Bengal', 'Andaman and Nicobar Islands'],
  '75': ['Odisha'],
  '76': ['Odisha'],
  '77': ['Odisha'],
  '78': ['Assam'],
  '79': NORTH_EAST,
  '80': ['Bihar', 'Jharkhand'],
  '81': ['Bihar', 'Jharkhand'],
  '82': ['Bihar', 'Jharkhand'],
  '83': ['Jharkhand', 'Bihar'],
  '84': ['Bihar', 'Jharkhand'],
  '85': ['Bihar', 'Jharkhand'],
};

/** By the first three digits, where a district narrows its circle (or belongs to another State). */
const BY_THREE: Readonly<Record<string, readonly IndianState[]>> = {
  '194': ['Ladakh', 'Jammu and Kashmir'],
  '362': ['Gujarat', 'Dadra and Nagar Haveli and Daman and Diu'],
  '396': ['Dadra and Nagar Haveli and Daman and Diu', 'Gujarat'],
  '403': ['Goa'],
  '605': ['Puducherry', 'Tamil Nadu'],
  '609': ['Puducherry', 'Tamil Nadu'],
  '682': ['Kerala', 'Lakshadweep'],
  '737': ['Sikkim'],
  '744': ['Andaman and Nicobar Islands'],
  '790': ['Arunachal Pradesh', 'Assam'],
  '791': ['Arunachal Pradesh', 'Assam'],
  '792': ['Arunachal Pradesh', 'Assam'],
  '793': ['Meghalaya', 'Assam'],
  '794': ['Meghalaya', 'Assam'],
  '795': ['Manipur'],
  '796': ['Mizoram'],
  '797': ['Nagaland', 'Assam'],
  '798': ['Nagaland'],
  '799': ['Tripura'],
};

/** The States a pincode can be in; undefined when its prefix names none (the Army Postal Service). */
export function statesForPincode(pincode: string): readonly IndianState[] | undefined {
  return BY_THREE[pincode.slice(0, 3)] ?? BY_TWO[pincode.slice(0, 2)];
}

/** Lower case, letters only: "Tamil-Nadu", "tamil nadu " and "TAMILNADU" read alike. */
const squeeze = (text: string) =>
  text
    .normalize('NFKD')
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z]/g, '');

/** Old names, short forms and common spellings, squeezed, beside each State's own name. */
const OTHER_NAMES: Readonly<Record<string, IndianState>> = {
  an: 'Andaman and Nicobar Islands',
  andaman: 'Andaman and Nicobar Islands',
  andamanandnicobar: 'Andaman and Nicobar Islands',
  ap: 'Andhra Pradesh',
  ar: 'Arunachal Pradesh',
  as: 'Assam',
  br: 'Bihar',
  ch: 'Chandigarh',
  cg: 'Chhattisgarh',
  chattisgarh: 'Chhattisgarh',
  chhatisgarh: 'Chhattisgarh',
  dnh: 'Dadra and Nagar Haveli and Daman and Diu',
  dnhdd: 'Dadra and Nagar Haveli and Daman and Diu',
  dd: 'Dadra and Nagar Haveli and Daman and Diu',
  daman: 'Dadra and Nagar Haveli and Daman and Diu',
  diu: 'Dadra and Nagar Haveli and Daman and Diu',
  damananddiu: 'Dadra and Nagar Haveli and Daman and Diu',
  dadraandnagarhaveli: 'Dadra and Nagar Haveli and Daman and Diu',
  silvassa: 'Dadra and Nagar Haveli and Daman and Diu',
  dl: 'Delhi',
  newdelhi: 'Delhi',
  nctofdelhi: 'Delhi',
  nct: 'Delhi',
  ga: 'Goa',
  gj: 'Gujarat',
  hr: 'Haryana',
  hp: 'Himachal Pradesh',
  jk: 'Jammu and Kashmir',
  jandk: 'Jammu and Kashmir',
  jammu: 'Jammu and Kashmir',
  kashmir: 'Jammu and Kashmir',
  jh: 'Jharkhand',
  ka: 'Karnataka',
  kl: 'Kerala',
  la: 'Ladakh',
  ld: 'Lakshadweep',
  mp: 'Madhya Pradesh',
  mh: 'Maharashtra',
  maharastra: 'Maharashtra',
  mn: 'Manipur',
  ml: 'Meghalaya',
  mz: 'Mizoram',
  nl: 'Nagaland',
  od: 'Odisha',
  or: 'Odisha',
  orissa: 'Odisha',
  py: 'Puducherry',
  pondicherry: 'Puducherry',
  pondy: 'Puducherry',
  pb: 'Punjab',
  rj: 'Rajasthan',
  sk: 'Sikkim',
  tn: 'Tamil Nadu',
  ts: 'Telangana',
  tg: 'Telangana',
  tr: 'Tripura',
  up: 'Uttar Pradesh',
  uk: 'Uttarakhand',
  ut: 'Uttarakhand',
  uttaranchal: 'Uttarakhand',
  uttrakhand: 'Uttarakhand',
  uttarkhand: 'Uttarakhand',
  wb: 'West Bengal',
  bengal: 'West Bengal',
};

const BY_SQUEEZED: ReadonlyMap<string, IndianState> = new Map([
  ...INDIAN_STATES.map((state) => [squeeze(state), state] as const),
  ...Object.entries(OTHER_NAMES),
]);

/** The State a shopper meant, or undefined when the words name none the shop knows. */
export function stateNamed(typed: string): IndianState | undefined {
  return BY_SQUEEZED.get(squeeze(typed));
}

/**
 * Is the typed State one the pincode cannot be in? Only a State the shop recognises, for a
 * pincode whose prefix names States, can mismatch: an empty State, one the shop cannot read
 * (another script, a typo) or a pincode of the Army Postal Service never does.
 */
export function stateMismatch(typedState: string | undefined, pincode: string): boolean {
  const named = stateNamed(typedState ?? '');
  const possible = statesForPincode(pincode);
  return named !== undefined && possible !== undefined && !possible.includes(named);
}
