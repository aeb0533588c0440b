/**
 * The QR code's Print button on a page that loads no React (the traceability pages, decision 028):
 * the same `window.print()` as QrCode's own handler, run by the early script.
 */
import type { EarlyResult } from './action.ts';

export function printPage(): EarlyResult {
  window.print();
  return 'done';
}
