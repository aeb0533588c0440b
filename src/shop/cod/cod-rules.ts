/**
 * The COD rules (issue 34 §1, docs/shop-rules.md §10 rule 17, decision 025): from the order, the
 * carrier's COD flag for the pincode and this phone's earlier orders, whether cash on delivery is
 * offered as usual (`allow`), only with the COD fee paid now (`allow_with_advance`), or not at all
 * (`prepaid_only`) — and why, in Razorpay's RTO reason keys (cod.ts `COD_REASONS`). Pure: the
 * checkout's check and the server's decision at Place Order are this one function.
 *
 * Each reason has a severity; the outcome is the most severe, and `reasons` lists every rule that
 * spoke. Address and amount reasons ask for the fee now: paying ₹150 by UPI is nothing to a real
 * shopper and stops most careless and fake orders. Only the carrier's refusal and a phone that
 * returned, or cancelled from the phone itself, again and again close COD.
 */

import type { PaymentMode } from '../order/index.ts';
import type { Serviceability } from '../pincodes/index.ts';
import { stateMismatch } from '../pincodes/index.ts';
import { text } from '../texts/checkout.ts';
import { addressTooShort, looksGibberish } from './address-checks.ts';
import type { CodDecision, CodOutcome, CodReason } from './cod.ts';
import { COD_OUTCOMES, COD_REASONS } from './cod.ts';

/**
 * What became of an earlier order of the phone; none while it is on its way. A cancellation is kept
 * by who proved it (docs/shop-rules.md §10 rule 17, issue 46): `cancelled-from-phone`, from the
 * order's own phone on WhatsApp (its owner); `cancelled-by-shop`, by staff; `cancelled`, with the
 * order's key on its page — anyone who placed an order with the phone holds that — and every
 * shopper's cancellation kept before issue 46, which cannot be told apart. Each starts `cancelled`:
 * a cancelled order is none of the day's amount, whoever cancelled it.
 */
export const PHONE_ORDER_OUTCOMES = [
  'delivered',
  'returned',
  'cancelled',
  'cancelled-from-phone',
  'cancelled-by-shop',
] as const;
export type PhoneOrderOutcome = (typeof PHONE_ORDER_OUTCOMES)[number];

/** One earlier order of the phone, as its history keeps it (netlify/lib/orders/phone-history.ts). */
export interface PhoneOrder {
  orderId: string;
  /** When it was placed (COD) or paid (prepaid), ISO. */
  at: string;
  /** Rupees. */
  total: number;
  mode: PaymentMode;
  outcome?: PhoneOrderOutcome;
}

/** The thresholds, editable in Studio (Shop settings → COD rules); `COD_RULE_DEFAULTS` when left empty. */
export interface CodRuleSettings {
  /** Off: every order may pay on delivery (the carrier's own COD flag still counts). */
  on: boolean;
  /** `short_shipping_address`: the address lines together need at least this many characters. */
  minAddressChars: number;
  /** `rto_prone_phone`: this many COD orders returned or cancelled from the phone ask for the fee now… */
  rtoAdvanceFrom: number;
  /** …and this many close COD. */
  rtoPrepaidFrom: number;
  /** `high_purchase_amount_in_a_day`: the phone's COD orders of the last 24 h with this one above this (₹). */
  dayAmountLimit: number;
  /** `new_customer_on_your_store`: a phone with no delivered order, for a total above this (₹). */
  firstOrderCap: number;
}

export const COD_RULE_DEFAULTS: CodRuleSettings = {
  on: true,
  minAddressChars: 12,
  rtoAdvanceFrom: 1,
  rtoPrepaidFrom: 3,
  dayAmountLimit: 10_000,
  firstOrderCap: 3_000,
};

/** The Studio's values over the defaults: a threshold the editor left empty keeps its default. */
export function codRuleSettings(edited: Partial<Record<keyof CodRuleSettings, unknown>> = {}): CodRuleSettings {
  const whole = (value: unknown, fallback: number) =>
    typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : fallback;
  const d = COD_RULE_DEFAULTS;
  return {
    on: typeof edited.on === 'boolean' ? edited.on : d.on,
    minAddressChars: whole(edited.minAddressChars, d.minAddressChars),
    rtoAdvanceFrom: whole(edited.rtoAdvanceFrom, d.rtoAdvanceFrom),
    rtoPrepaidFrom: whole(edited.rtoPrepaidFrom, d.rtoPrepaidFrom),
    dayAmountLimit: whole(edited.dayAmountLimit, d.dayAmountLimit),
    firstOrderCap: whole(edited.firstOrderCap, d.firstOrderCap),
  };
}

export interface CodRulesInput {
  address: { address1: string; address2?: string | undefined; city?: string | undefined; state?: string | undefined };
  pincode: string;
  /** The order's total in rupees, the COD charge included. */
  total: number;
  /** Delhivery's flags for the pincode; undefined when it could not be asked (never blocks). */
  serviceability: Serviceability | undefined;
  /**
   * This phone's earlier orders (this order's own id left out). Undefined where no history is kept
   * (COD_PHONE_HISTORY=off, tests only): the rules about the phone then say nothing.
   */
  history: readonly PhoneOrder[] | undefined;
  now: Date;
  settings: CodRuleSettings;
}

/** What each reason asks for (decision 025). `rto_prone_phone` is graded by its count instead. */
const SEVERITY: Readonly<Record<Exclude<CodReason, 'rto_prone_phone'>, CodOutcome>> = {
  address_pincode_state_mismatch: 'allow_with_advance',
  short_shipping_address: 'allow_with_advance',
  gibberish_detected_in_address: 'allow_with_advance',
  high_purchase_amount_in_a_day: 'allow_with_advance',
  new_customer_on_your_store: 'allow_with_advance',
  cod_not_serviceable: 'prepaid_only',
};

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Earlier COD orders that came back or were called off from the phone itself: what a returned
 * parcel costs, twice. Never one cancelled with its key alone (`cancelled`): anyone can place an
 * order with a stranger's phone and cancel it so, and three would close COD for the phone's owner
 * (issue 46).
 */
export function rtoCount(history: readonly PhoneOrder[]): number {
  return history.filter(
    (order) => order.mode === 'cod' && ['returned', 'cancelled-from-phone'].includes(order.outcome ?? ''),
  ).length;
}

/** The rupees of the phone's COD orders placed in the 24 hours before `now` and not cancelled. */
function amountInADay(history: readonly PhoneOrder[], now: Date): number {
  return history
    .filter(
      (order) =>
        order.mode === 'cod' &&
        !order.outcome?.startsWith('cancelled') &&
        now.getTime() - Date.parse(order.at) < DAY_MS,
    )
    .reduce((sum, order) => sum + order.total, 0);
}

/** Which reasons speak, each with the outcome it asks for. */
function reasonsFor(input: CodRulesInput): [CodReason, CodOutcome][] {
  const { address, settings, history } = input;
  const spoke: [CodReason, CodOutcome][] = [];
  const say = (reason: Exclude<CodReason, 'rto_prone_phone'>, when: boolean) => {
    if (when) spoke.push([reason, SEVERITY[reason]]);
  };
  say('cod_not_serviceable', input.serviceability?.cod === false);
  if (!settings.on) return spoke;
  const lines = [address.address1, address.address2 ?? ''];
  say('address_pincode_state_mismatch', stateMismatch(address.state, input.pincode));
  say('short_shipping_address', addressTooShort(lines, settings.minAddressChars));
  say('gibberish_detected_in_address', [...lines, address.city ?? ''].some(looksGibberish));
  if (!history) return spoke;
  const returns = rtoCount(history);
  if (returns >= settings.rtoAdvanceFrom) {
    spoke.push(['rto_prone_phone', returns >= settings.rtoPrepaidFrom ? 'prepaid_only' : 'allow_with_advance']);
  }
  say('high_purchase_amount_in_a_day', amountInADay(history, input.now) + input.total > settings.dayAmountLimit);
  const known = history.some((order) => order.outcome === 'delivered');
  say('new_customer_on_your_store', !known && input.total > settings.firstOrderCap);
  return spoke;
}

/** The COD rules' decision for one order: the most severe outcome of every rule that spoke. */
export function decideCod(input: CodRulesInput): CodDecision {
  const spoke = reasonsFor(input);
  const rank = (outcome: CodOutcome) => COD_OUTCOMES.indexOf(outcome);
  const outcome = spoke.reduce<CodOutcome>((worst, [, asked]) => (rank(asked) > rank(worst) ? asked : worst), 'allow');
  const reasons = COD_REASONS.filter((reason) => spoke.some(([spoken]) => spoken === reason));
  return { outcome, reasons };
}

/**
 * The one sentence the shopper reads for a decision that is not `allow` (docs/shop-rules.md §8):
 * the carrier's refusal, then the phone's `prepaid_only`, then what to fix in the address, else
 * the generic words for the phone's history — never which of its rules spoke.
 */
export function codSentence(decision: CodDecision, pincode: string): string | undefined {
  const has = (reason: CodReason) => decision.reasons.includes(reason);
  if (decision.outcome === 'allow') return undefined;
  if (has('cod_not_serviceable')) return text('delivery.codUnavailable', { pincode });
  if (decision.outcome === 'prepaid_only') return text('cod.prepaidOnly');
  if (has('address_pincode_state_mismatch')) return text('cod.stateMismatch', { pincode });
  if (has('short_shipping_address') || has('gibberish_detected_in_address')) return text('cod.address');
  return text('cod.advance');
}
