/** The order's events of cancellation and refunds: cancel asked, its steps (the booking cancelled, the money back), every refund state Razorpay tells (transition.ts). */
import type { Family } from './family.ts';

export type CancelEvent = never;

export const CANCEL_EVENTS: Family<CancelEvent> = { handlers: {} };
