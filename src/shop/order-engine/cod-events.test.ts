import { describe, expect, it } from 'vitest';
import { bookedOrder } from '../../../tests/support/parcels.ts';
import { CALL_AFTER_MS, REMIND_AFTER_MS, WRONG_CODES_ALLOWED } from '../cod/index.ts';
import type { StoredOrder } from '../order/index.ts';
import { whatsappConsent } from '../whatsapp.ts';
import { type CodConfirmationReceived, confirmationOutcome, lockedBy } from './cod-confirmation.ts';
import { type CodEvent, chaseTaken } from './cod-events.ts';
import { sheetFingerprint } from './sheet-row.ts';
import { forwardKey, noticeTaskKey } from './task-keys.ts';
import { transition } from './transition.ts';

const PLACED = '2026-12-01T10:00:00.000Z';
const AT = '2026-12-01T10:07:00.000Z';
const PHONE = '9876543210';
const later = (ms: number) => new Date(Date.parse(PLACED) + ms).toISOString();

/** A COD order awaiting its shopper's confirmation (code K7Q2), its Sheet rows written as it stands. */
function awaiting(options: { consent?: boolean } = {}): StoredOrder {
  const order = bookedOrder({ orderId: 'OUO_1764583200000', unbooked: true, bookedAt: PLACED });
  order.cod = {
    decision: { outcome: 'allow', reasons: [], at: PLACED },
    confirmation: { state: 'awaiting', code: 'K7Q2' },
  };
  if (options.consent !== false) order.whatsapp = { consent: whatsappConsent(PLACED) };
  order.forwards.sheet = { status: 'done', attempts: 1, syncedCells: sheetFingerprint(order) };
  return order;
}

/** Applies the events in turn, as the order log would. */
const applied = (order: StoredOrder, ...events: CodEvent[]) =>
  events.reduce((current, event) => transition(current, event).order, order);

const lastEvent = (order: StoredOrder) => order.history.at(-1)?.event;

const confirm = (proof: Partial<CodConfirmationReceived> = {}): CodConfirmationReceived => ({
  type: 'cod-confirmation-received',
  at: AT,
  via: 'whatsapp-message',
  phone: PHONE,
  code: 'K7Q2',
  messageId: 'wamid.1',
  ...proof,
});

describe('cod-confirmation-received', () => {
  it('confirms with the right code from the order’s phone, re-arms the Sheet, and a replay changes nothing', () => {
    const event = confirm();
    const result = transition(awaiting(), event);
    expect(result.changed).toBe(true);
    expect(result.order.cod?.confirmation).toMatchObject({ state: 'confirmed', via: 'whatsapp-message', at: AT });
    expect(lastEvent(result.order)).toBe('COD confirmed (whatsapp-message) after 7 min');
    expect(result.order.updatedAt).toBe(AT);
    expect(result.order.forwards.sheet.status).toBe('pending');
    expect(confirmationOutcome(result, event)).toBe('confirmed');
    const replay = transition(result.order, event);
    expect(replay.changed).toBe(false);
    expect(confirmationOutcome(replay, event)).toBe('already confirmed');
  });

  it('refuses another phone and a cancelled order, in the history, the first ten refusals only', () => {
    const event = confirm({ via: 'whatsapp-button', phone: '9000000000', code: undefined });
    const refused = transition(awaiting(), event);
    expect(refused.order.cod?.confirmation?.state).toBe('awaiting');
    expect(lastEvent(refused.order)).toBe('COD confirmation refused (whatsapp-button): another phone');
    expect(confirmationOutcome(refused, event)).toBe('another phone');
    const flooded = applied(awaiting(), ...Array.from({ length: 10 }, () => event));
    expect(flooded.history).toHaveLength(10);
    const eleventh = transition(flooded, event);
    expect(eleventh.changed).toBe(false);
    expect(confirmationOutcome(eleventh, event)).toBe('another phone');

    const cancelled = awaiting();
    cancelled.status = 'cancelled';
    const onCancelled = transition(cancelled, confirm({ via: 'staff' }));
    expect(lastEvent(onCancelled.order)).toBe('COD confirmation refused (staff): cancelled');
    expect(confirmationOutcome(onCancelled, confirm({ via: 'staff' }))).toBe('cancelled');
  });

  it('changes nothing on an order that awaits no confirmation', () => {
    const order = awaiting();
    delete order.cod;
    const result = transition(order, confirm());
    expect(result.changed).toBe(false);
    expect(confirmationOutcome(result, confirm())).toBe('not awaiting confirmation');
  });

  it('counts a wrong code once per message; the fifth locks WhatsApp’s confirmation for staff to call', () => {
    const wrong = (n: number) => confirm({ code: 'XXXX', messageId: `wamid.${n}`, at: later(n * 60_000) });
    const first = transition(awaiting(), wrong(1));
    expect(first.order.cod?.confirmation?.wrongCodes).toEqual([{ at: later(60_000), messageId: 'wamid.1' }]);
    expect(lastEvent(first.order)).toBe('COD confirmation refused (whatsapp-message): wrong code');
    expect(first.order.forwards.sheet.status).toBe('done');
    expect(confirmationOutcome(first, wrong(1))).toBe('wrong code');
    expect(lockedBy(first.order, wrong(1))).toBe(false);
    const replay = transition(first.order, { ...wrong(1), at: later(120_000) });
    expect(replay.changed).toBe(false);
    expect(confirmationOutcome(replay, wrong(1))).toBe('wrong code');

    const four = applied(awaiting(), wrong(1), wrong(2), wrong(3), wrong(4));
    const fifth = transition(four, wrong(5));
    expect(fifth.order.cod?.confirmation?.wrongCodes).toHaveLength(WRONG_CODES_ALLOWED);
    expect(lastEvent(fifth.order)).toBe('COD confirmation locked after 5 wrong codes: staff to call');
    expect(fifth.order.forwards.sheet.status).toBe('pending');
    expect(confirmationOutcome(fifth, wrong(5))).toBe('locked');
    expect(lockedBy(fifth.order, wrong(5))).toBe(true);

    // Locked: even the right code is refused, and not counted; staff still confirm.
    const right = confirm({ messageId: 'wamid.6', at: later(6 * 60_000) });
    const refused = transition(fifth.order, right);
    expect(lastEvent(refused.order)).toBe('COD confirmation refused (whatsapp-message): locked');
    expect(refused.order.cod?.confirmation?.wrongCodes).toHaveLength(WRONG_CODES_ALLOWED);
    expect(confirmationOutcome(refused, right)).toBe('locked');
    expect(lockedBy(refused.order, right)).toBe(false);
    const staff = transition(fifth.order, confirm({ via: 'staff', phone: undefined, code: undefined }));
    expect(staff.order.cod?.confirmation?.state).toBe('confirmed');
  });
  it('counts each wrong code that comes without a message id: nothing tells two of them apart', () => {
    const { messageId: _none, ...wrong } = confirm({ code: 'XXXX' });
    const once = transition(awaiting(), wrong);
    expect(once.order.cod?.confirmation?.wrongCodes).toEqual([{ at: AT }]);
    expect(confirmationOutcome(once, wrong)).toBe('wrong code');
    const twice = transition(once.order, { ...wrong, at: later(8 * 60_000) });
    expect(twice.order.cod?.confirmation?.wrongCodes).toEqual([{ at: AT }, { at: later(8 * 60_000) }]);
    expect(lastEvent(twice.order)).toBe('COD confirmation refused (whatsapp-message): wrong code');
  });
});

describe('cod-confirmation-chased', () => {
  const chased = (at: string): CodEvent => ({ type: 'cod-confirmation-chased', at });

  it('asks after 15 minutes, reminds after 24 hours, each once, with the WhatsApp notice it earns', () => {
    const order = awaiting();
    expect(transition(order, chased(later(14 * 60_000))).changed).toBe(false);
    const asked = transition(order, chased(later(15 * 60_000)));
    expect(chaseTaken(asked.order, later(15 * 60_000))).toBe('asked');
    expect(lastEvent(asked.order)).toBe('COD confirmation asked (on WhatsApp)');
    // The notice, and the Sheet's rows: their WhatsApp column shows it.
    expect(asked.tasks).toEqual([
      { key: forwardKey(order, 'sheet'), kind: 'sheet' },
      { key: noticeTaskKey(order.orderId, 'whatsapp:cod-confirm'), kind: 'notice' },
    ]);
    expect(transition(asked.order, chased(later(16 * 60_000))).changed).toBe(false);
    const reminded = transition(asked.order, chased(later(REMIND_AFTER_MS)));
    expect(chaseTaken(reminded.order, later(REMIND_AFTER_MS))).toBe('reminded');
    expect(reminded.tasks).toContainEqual({
      key: noticeTaskKey(order.orderId, 'whatsapp:cod-confirm-reminder'),
      kind: 'notice',
    });
    expect(transition(reminded.order, chased(later(REMIND_AFTER_MS + 1))).changed).toBe(false);
  });

  it('sends nothing without WhatsApp consent, and asks staff to call after 48 hours, once', () => {
    const asked = transition(awaiting({ consent: false }), chased(later(15 * 60_000)));
    expect(lastEvent(asked.order)).toBe('COD confirmation asked (no WhatsApp consent: nothing sent)');
    expect(asked.tasks).toEqual([]);
    const call = transition(asked.order, chased(later(CALL_AFTER_MS)));
    expect(chaseTaken(call.order, later(CALL_AFTER_MS))).toBe('staff to call');
    expect(lastEvent(call.order)).toBe('COD not confirmed in 48 hours: staff to call');
    expect(call.order.forwards.sheet.status).toBe('pending');
    expect(transition(call.order, chased(later(CALL_AFTER_MS + 60_000))).changed).toBe(false);
  });

  it('took no chase step on an order never chased, nor on a prepaid one', () => {
    expect(chaseTaken(awaiting(), AT)).toBeUndefined();
    expect(chaseTaken(bookedOrder({ orderId: 'OUO_2', mode: 'prepaid' }), AT)).toBeUndefined();
  });

  it('does not chase an order confirmed, cancelled or locked by wrong codes', () => {
    const confirmed = applied(awaiting(), confirm());
    const cancelled = awaiting();
    const step = { status: 'pending' as const, attempts: 0 };
    cancelled.cancellation = { reason: 'other', by: 'staff', requestedAt: AT, booking: step, refund: step };
    const locked = applied(
      awaiting(),
      ...Array.from({ length: WRONG_CODES_ALLOWED }, (_, n) => confirm({ code: 'XXXX', messageId: `wamid.${n}` })),
    );
    for (const order of [confirmed, cancelled, locked])
      expect(transition(order, chased(later(CALL_AFTER_MS))).changed).toBe(false);
  });
});

describe('whatsapp-status-reported', () => {
  const status = (value: string): CodEvent => ({
    type: 'whatsapp-status-reported',
    at: AT,
    key: 'whatsapp:cod-confirm',
    delivery: { status: value, at: later(60_000), category: 'utility' },
  });

  it('keeps the status on its notice, moving only forward', () => {
    const asked = applied(awaiting(), { type: 'cod-confirmation-chased', at: later(15 * 60_000) });
    const delivered = transition(asked, status('delivered'));
    expect(delivered.order.notices?.['whatsapp:cod-confirm']?.delivery).toEqual({
      status: 'delivered',
      at: later(60_000),
      category: 'utility',
    });
    expect(lastEvent(delivered.order)).toBe('whatsapp:cod-confirm: WhatsApp says delivered');
    expect(delivered.order.updatedAt).toBe(AT);
    expect(transition(delivered.order, status('delivered')).changed).toBe(false);
    expect(transition(delivered.order, status('sent')).changed).toBe(false);
    expect(transition(delivered.order, status('read')).changed).toBe(true);
    expect(transition(awaiting(), status('read')).changed).toBe(false);
    // A status Meta may add that the shop does not rank never moves the notice's.
    expect(transition(asked, status('deleted')).changed).toBe(false);
    expect(transition(delivered.order, status('deleted')).changed).toBe(false);
  });
});

describe('whatsapp-reply-received and reattempt-answered', () => {
  const reply = (phone = PHONE): CodEvent => ({
    type: 'whatsapp-reply-received',
    at: AT,
    choice: 'DELIVER_TOMORROW',
    phone,
    sentAt: later(60_000),
    messageId: 'wamid.9',
  });
  const answered = (messageId = 'wamid.9'): CodEvent => ({
    type: 'reattempt-answered',
    at: AT,
    messageId,
    ndr: 're-attempt queued (R1)',
  });

  it('keeps a reply from the order’s phone once, and Delhivery’s answer on it once', () => {
    const replied = transition(awaiting(), reply());
    expect(replied.order.whatsapp?.replies).toEqual([
      { choice: 'deliver-tomorrow', at: later(60_000), messageId: 'wamid.9' },
    ]);
    expect(lastEvent(replied.order)).toBe('WhatsApp reply: deliver-tomorrow');
    expect(transition(replied.order, reply()).changed).toBe(false);
    expect(transition(awaiting(), reply('9000000000')).changed).toBe(false);

    const ndr = transition(replied.order, answered());
    expect(ndr.order.whatsapp?.replies?.[0]?.ndr).toBe('re-attempt queued (R1)');
    expect(lastEvent(ndr.order)).toBe('Delhivery: re-attempt queued (R1)');
    expect(transition(ndr.order, answered()).changed).toBe(false);
    expect(transition(replied.order, answered('wamid.other')).changed).toBe(false);
  });

  it("keeps Delhivery's answer on the reply it is for, and none on an order without replies", () => {
    const second: CodEvent = {
      type: 'whatsapp-reply-received',
      at: AT,
      choice: 'RETURN',
      phone: PHONE,
      sentAt: later(120_000),
      messageId: 'wamid.10',
    };
    const replied = applied(awaiting(), reply(), second);
    const ndr = transition(replied, answered('wamid.10'));
    expect(ndr.order.whatsapp?.replies).toEqual([
      { choice: 'deliver-tomorrow', at: later(60_000), messageId: 'wamid.9' },
      { choice: 'return', at: later(120_000), messageId: 'wamid.10', ndr: 're-attempt queued (R1)' },
    ]);
    expect(transition(awaiting(), answered()).changed).toBe(false);
  });
});
