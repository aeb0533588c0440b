/**
 * Cash on delivery that arrives (issue 34, docs/shop-rules.md §10 rule 17): what the order log
 * keeps of a COD order's rules, its advance and its confirmation, and the pure rules about them.
 * The rules themselves (which outcome an order gets, and why) are in cod-rules.ts.
 *
 * A COD order is booked with Delhivery only once it is confirmed: by the shopper on WhatsApp (a
 * `CONFIRM <order id> <code>` message from the order's own phone, or the `cod_confirm` template's
 * Confirm button), by staff from the Sheet, or by paying the COD fee in advance. Until then it is
 * `Awaiting confirmation`; after 48 hours staff are asked to call.
 */

/** What the COD rules decide for an order: COD as usual, only with the fee paid now, or no COD. */
export const COD_OUTCOMES = ['allow', 'allow_with_advance', 'prepaid_only'] as const;
export type CodOutcome = (typeof COD_OUTCOMES)[number];

/**
 * Why, named as Razorpay's RTO reasons are (its RTO Intelligence appendix), so staff read familiar
 * words; `cod_not_serviceable` is Delhivery's COD flag for the pincode, the shop's own key.
 */
export const COD_REASONS = [
  'address_pincode_state_mismatch',
  'short_shipping_address',
  'gibberish_detected_in_address',
  'rto_prone_phone',
  'high_purchase_amount_in_a_day',
  'new_customer_on_your_store',
  'cod_not_serviceable',
] as const;
export type CodReason = (typeof COD_REASONS)[number];

export interface CodDecision {
  outcome: CodOutcome;
  /** Every rule that spoke, in COD_REASONS order; empty for `allow`. */
  reasons: CodReason[];
}

/** How a COD order was confirmed. */
export const CONFIRMATION_WAYS = ['whatsapp-message', 'whatsapp-button', 'staff', 'advance'] as const;
export type ConfirmationWay = (typeof CONFIRMATION_WAYS)[number];

export interface CodConfirmation {
  /** A cancelled order is cancelled on the order itself (its `cancellation`), never here. */
  state: 'awaiting' | 'confirmed';
  /** The short code the shopper sends with CONFIRM (`codeFor`): proves the message is about this order. */
  code: string;
  /** Set once confirmed. */
  via?: ConfirmationWay;
  at?: string;
  /** When each chase happened: the `cod_confirm` template, its one reminder, staff asked to call. */
  chased?: { template?: string; reminder?: string; call?: string };
  /**
   * Wrong codes sent with CONFIRM from the order's own phone, each once by its WhatsApp message id
   * (a replayed webhook counts once), up to `WRONG_CODES_ALLOWED`: then no WhatsApp confirmation is
   * taken (`confirmationLocked`) and staff call.
   */
  wrongCodes?: { at: string; messageId?: string }[];
}

/** What the order log keeps of a COD order (StoredOrder.cod). */
export interface CodState {
  /** The rules' decision when the order was placed, and when. */
  decision: CodDecision & { at: string };
  /** The COD fee paid now through Razorpay (rupees); Delhivery then collects the total less it. */
  advance?: { amount: number };
  /** The shopper's yes before the parcel ships; absent on orders placed before it was asked. */
  confirmation?: CodConfirmation;
}

/** After this long unconfirmed, a shopper who agreed to WhatsApp gets the `cod_confirm` template. */
export const ASK_AFTER_MS = 15 * 60 * 1000;
/** After this long still unconfirmed, one reminder. */
export const REMIND_AFTER_MS = 24 * 60 * 60 * 1000;
/** After this long still unconfirmed, staff call (`Needs attention: not confirmed`). */
export const CALL_AFTER_MS = 48 * 60 * 60 * 1000;

/**
 * Wrong codes from the order's own phone before WhatsApp stops taking any (docs/shop-rules.md §10
 * rule 17). The code space is 31^4 = 923,521: five guesses find it about once in 185,000 orders,
 * while a shopper who retypes the prefilled words by hand has room for a slip or two. Only the
 * order's own phone counts: another phone is refused before its code is read, so it learns
 * nothing by guessing, and must not be able to lock a stranger's order.
 */
export const WRONG_CODES_ALLOWED = 5;

/** The short code's alphabet: no 0/O, 1/I/L, so it is read and typed without doubt. */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 4;

/** A confirmation code from random bytes (the caller's `randomBytes(4)`): 4 letters or digits. */
export function codeFor(random: Uint8Array): string {
  return Array.from(random.slice(0, CODE_LENGTH), (byte) => CODE_ALPHABET[byte % CODE_ALPHABET.length]).join('');
}

/** The words the shopper sends to confirm (the order page's click-to-chat link prefills them). */
export function confirmMessage(orderId: string, code: string): string {
  return `CONFIRM ${orderId} ${code}`;
}

/**
 * A shopper's `CONFIRM <order id> <code>` read back, forgiving case and spacing (a phone's
 * keyboard capitalises, a shopper retypes it); undefined when the words are not a confirmation.
 */
export function readConfirmMessage(text: string): { orderId: string; code: string } | undefined {
  const match = /^\s*confirm\s+(ouo_\d{13})\s+([a-z0-9]{4})\s*[.!]?\s*$/i.exec(text);
  if (!match) return undefined;
  return { orderId: (match[1] as string).toUpperCase(), code: (match[2] as string).toUpperCase() };
}

/** Does a COD order wait for the shopper's yes before it ships? (Older orders had no such step.) */
export function awaitingConfirmation(cod: CodState | undefined): boolean {
  return cod?.confirmation?.state === 'awaiting';
}

/**
 * Too many wrong codes: WhatsApp confirms this order no more (neither words nor button), even
 * with the right code; only staff, after a call (`Confirm COD`), or a cancellation settle it.
 */
export function confirmationLocked(cod: CodState | undefined): boolean {
  return awaitingConfirmation(cod) && (cod?.confirmation?.wrongCodes?.length ?? 0) >= WRONG_CODES_ALLOWED;
}

/**
 * Still unconfirmed and left to staff to call: 48 hours passed (`Needs attention: not confirmed`),
 * or the confirmation was locked by wrong codes (`Needs attention: 5 wrong confirmation codes`).
 */
export function staffToCall(cod: CodState | undefined): boolean {
  return awaitingConfirmation(cod) && (Boolean(cod?.confirmation?.chased?.call) || confirmationLocked(cod));
}

/**
 * May this COD order be booked with Delhivery? Only once confirmed; an order placed before
 * confirmation existed (no `cod.confirmation`) is booked as it always was.
 */
export function codConfirmed(cod: CodState | undefined): boolean {
  return cod?.confirmation === undefined || cod.confirmation.state === 'confirmed';
}

/** What Delhivery collects on delivery: the total, less the COD fee paid in advance. */
export function cashOnDelivery(total: number, cod: Pick<CodState, 'advance'> | undefined): number {
  return Math.max(0, total - (cod?.advance?.amount ?? 0));
}
