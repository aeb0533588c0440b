/**
 * Code 128 (ISO/IEC 15417), the barcode couriers scan a waybill from, drawn as an inline SVG for
 * the shop's own label. Written here rather than taken from a library: it is a table and a
 * checksum, it runs only on the server, and the barcode libraries on npm carry every other
 * symbology with them.
 *
 * Code set C (two digits per symbol) for a waybill of digits, as Delhivery's are: the barcode is
 * half as wide, so its bars stay wide enough to scan on a 4-inch label. A trailing odd digit
 * switches to code set B. Anything else is code set B (printable ASCII, e.g. the local carrier's
 * `SIM…` waybills).
 */
import { escapeHtml } from '../orders/email.ts';

/**
 * Each symbol's six element widths in modules, bar first (bar, space, bar, space, bar, space),
 * eleven modules in all; index = symbol value. 103–105 are the starts (A, B, C); 106 is the stop,
 * seven elements and thirteen modules (its last bar is the termination bar).
 */
// biome-ignore format: the table reads as the standard prints it
export const PATTERNS: readonly string[] = [
  '212222', '222122', '222221', '121223', '121322', '131222', '122213', '122312', '132212', '221213',
  '221312', '231212', '112232', '122132', '122231', '113222', '123122', '123221', '223211', '221132',
  '221231', '213212', '223112', '312131', '311222', '321122', '321221', '312212', '322112', '322211',
  '212123', '212321', '232121', '111323', '131123', '131321', '112313', '132113', '132311', '211313',
  '231113', '231311', '112133', '112331', '132131', '113123', '113321', '133121', '313121', '211331',
  '231131', '213113', '213311', '213131', '311123', '311321', '331121', '312113', '312311', '332111',
  '314111', '221411', '431111', '111224', '111422', '121124', '121421', '141122', '141221', '112214',
  '112412', '122114', '122411', '142112', '142211', '241211', '221114', '413111', '241112', '134111',
  '111242', '121142', '121241', '114212', '124112', '124211', '411212', '421112', '421211', '212141',
  '214121', '412121', '111143', '111341', '131141', '114113', '114311', '411113', '411311', '113141',
  '114131', '311141', '411131', '211412', '211214', '211232', '2331112',
];

export const START_B = 104;
export const START_C = 105;
/** In code set C: the following symbols are code set B. */
const CODE_B = 100;
export const STOP = 106;
/** The blank margin either side that a scanner needs: at least ten modules. */
export const QUIET_ZONE_MODULES = 10;

/**
 * The symbol values for `text`, start and checksum included, stop excluded. Throws for a character
 * outside printable ASCII: a waybill never has one, and a barcode that scans as something else
 * would send a parcel astray.
 */
export function code128Values(text: string): number[] {
  if (text.length === 0 || !/^[\x20-\x7e]+$/.test(text)) {
    throw new Error('Code 128 here takes printable ASCII only, at least one character');
  }
  const values: number[] = [];
  if (/^\d{2,}$/.test(text)) {
    values.push(START_C);
    const pairs = text.length - (text.length % 2);
    for (let index = 0; index < pairs; index += 2) values.push(Number(text.slice(index, index + 2)));
    if (pairs < text.length) values.push(CODE_B, bValue(text.slice(pairs)));
  } else {
    values.push(START_B, ...[...text].map(bValue));
  }
  return [...values, checksum(values)];
}

/** Code set B: a character's value is its ASCII code less 32. */
const bValue = (character: string) => character.charCodeAt(0) - 32;

/** The start's value plus each symbol's value times its position (1, 2, …), modulo 103. */
export function checksum(values: readonly number[]): number {
  return values.reduce((sum, value, index) => sum + value * Math.max(index, 1), 0) % 103;
}

/** The bar and space widths in modules, quiet zones excluded: every symbol, then the stop. */
export function code128Widths(text: string): number[] {
  return [...code128Values(text), STOP].flatMap((value) => [...(PATTERNS[value] as string)].map(Number));
}

/**
 * The barcode as an SVG: one rectangle per bar, `moduleWidth` × `height` in the SVG's own units,
 * with its quiet zones, scaling to the width it is given (`preserveAspectRatio="none"` keeps every
 * bar's proportion, which is what a scanner reads). `label` names it for a screen reader.
 */
export function code128Svg(text: string, options: { height: number; label: string }): string {
  const widths = code128Widths(text);
  let x = QUIET_ZONE_MODULES;
  const bars: string[] = [];
  widths.forEach((width, index) => {
    if (index % 2 === 0) bars.push(`<rect x="${x}" y="0" width="${width}" height="${options.height}"/>`);
    x += width;
  });
  const total = x + QUIET_ZONE_MODULES;
  return (
    `<svg class="barcode" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${total} ${options.height}" ` +
    `preserveAspectRatio="none" role="img" aria-label="${escapeHtml(options.label)}">` +
    `<rect width="${total}" height="${options.height}" fill="#fff"/><g fill="#000">${bars.join('')}</g></svg>`
  );
}
