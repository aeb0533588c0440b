/** The order's events of cash on delivery: confirmed (WhatsApp, staff, an advance), chased, not confirmed, wrong codes, the shopper's WhatsApp replies (transition.ts). */
import type { Family } from './family.ts';

export type CodEvent = never;

export const COD_EVENTS: Family<CodEvent> = { handlers: {} };
