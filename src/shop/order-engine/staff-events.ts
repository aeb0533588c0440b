/** The order's events of staff's actions from the Sheet: a refund (through Razorpay or by hand), COD cash received, a parcel booked again (transition.ts). */
import type { Family } from './family.ts';

export type StaffEvent = never;

export const STAFF_EVENTS: Family<StaffEvent> = { handlers: {} };
