/** The order's events of payment: started, paid (browser, webhook, reconciler), captured late, paid again, expired unpaid (transition.ts). */
import type { Family } from './family.ts';

export type PaymentEvent = never;

export const PAYMENT_EVENTS: Family<PaymentEvent> = { handlers: {} };
