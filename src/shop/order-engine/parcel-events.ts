/** The order's events of the parcel and the order's tasks: booked, each scan, booked again, the invoice and credit note issued, a task settled (transition.ts). */
import type { Family } from './family.ts';

export type ParcelEvent = never;

export const PARCEL_EVENTS: Family<ParcelEvent> = { handlers: {} };
