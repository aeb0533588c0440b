import { describe, expect, it } from 'vitest';
import { text } from '../texts/server.ts';
import {
  COD_RULE_DEFAULTS,
  type CodRulesInput,
  codRuleSettings,
  codSentence,
  decideCod,
  type PhoneOrder,
  rtoCount,
} from './cod-rules.ts';

const NOW = new Date('2026-11-21T10:00:00.000Z');
const hoursAgo = (hours: number) => new Date(NOW.getTime() - hours * 3_600_000).toISOString();

let ids = 0;
const earlier = (overrides: Partial<PhoneOrder> = {}): PhoneOrder => {
  ids += 1;
  return { orderId: `OUO_${1_763_000_000_000 + ids}`, at: hoursAgo(24 * 30), total: 934, mode: 'cod', ...overrides };
};
const delivered = earlier({ outcome: 'delivered' });

/** The tests' usual order: Dehradun, a real address, ₹934, a phone with one delivered order. */
const order = (overrides: Partial<CodRulesInput> = {}): CodRulesInput => ({
  address: { address1: '12 Mall Road', address2: 'Near the clock tower', city: 'Dehradun', state: 'Uttarakhand' },
  pincode: '248001',
  total: 934,
  serviceability: { serviceable: true, prepaid: true, cod: true },
  history: [delivered],
  now: NOW,
  settings: COD_RULE_DEFAULTS,
  ...overrides,
});
const address = (overrides: Partial<CodRulesInput['address']>) => ({ ...order().address, ...overrides });

describe('decideCod, one rule per reason key', () => {
  it('allows a real address, a known phone and an everyday total', () => {
    expect(decideCod(order())).toEqual({ outcome: 'allow', reasons: [] });
  });

  it('address_pincode_state_mismatch: a State the pincode cannot be in asks for the fee now', () => {
    expect(decideCod(order({ address: address({ state: 'Kerala' }) }))).toEqual({
      outcome: 'allow_with_advance',
      reasons: ['address_pincode_state_mismatch'],
    });
  });

  it('short_shipping_address: too few characters or one word', () => {
    expect(decideCod(order({ address: address({ address1: 'Flat 3', address2: undefined }) }))).toEqual({
      outcome: 'allow_with_advance',
      reasons: ['short_shipping_address'],
    });
  });

  it('gibberish_detected_in_address: in either line or the city', () => {
    const decision = { outcome: 'allow_with_advance', reasons: ['gibberish_detected_in_address'] };
    expect(decideCod(order({ address: address({ address2: 'asdf' }) }))).toEqual(decision);
    expect(decideCod(order({ address: address({ city: 'qwerty' }) }))).toEqual(decision);
  });

  it('rto_prone_phone: the fee now from the first return or cancellation from the phone, prepaid only from the third', () => {
    const back = (outcome: 'returned' | 'cancelled-from-phone') => earlier({ outcome });
    expect(decideCod(order({ history: [delivered, back('returned')] }))).toEqual({
      outcome: 'allow_with_advance',
      reasons: ['rto_prone_phone'],
    });
    expect(decideCod(order({ history: [delivered, back('cancelled-from-phone')] })).outcome).toBe('allow_with_advance');
    expect(decideCod(order({ history: [delivered, back('returned'), back('cancelled-from-phone')] })).outcome).toBe(
      'allow_with_advance',
    );
    expect(
      decideCod(order({ history: [delivered, back('returned'), back('cancelled-from-phone'), back('returned')] })),
    ).toEqual({
      outcome: 'prepaid_only',
      reasons: ['rto_prone_phone'],
    });
  });

  it('rto_prone_phone counts only COD orders sent back, or called off from the phone itself', () => {
    const history = [
      delivered,
      earlier({ mode: 'prepaid', outcome: 'returned' }),
      earlier({ mode: 'prepaid', outcome: 'cancelled-from-phone' }),
      earlier({ outcome: 'cancelled-by-shop' }),
      earlier({ outcome: 'delivered' }),
    ];
    expect(rtoCount(history)).toBe(0);
    expect(decideCod(order({ history })).outcome).toBe('allow');
  });

  it('rto_prone_phone never counts a cancellation made with the order’s key: anyone can make three (issue 46)', () => {
    const byKey = [delivered, ...Array.from({ length: 5 }, () => earlier({ outcome: 'cancelled' }))];
    expect(rtoCount(byKey)).toBe(0);
    expect(decideCod(order({ history: byKey }))).toEqual({ outcome: 'allow', reasons: [] });
  });

  it('high_purchase_amount_in_a_day: the last 24 h of COD orders plus this one above the limit', () => {
    const today = [delivered, earlier({ at: hoursAgo(2), total: 5_000 }), earlier({ at: hoursAgo(23), total: 4_066 })];
    // 5000 + 4066 + 934 = 10000: at the limit, allowed.
    expect(decideCod(order({ history: today })).outcome).toBe('allow');
    expect(decideCod(order({ history: today, total: 935 }))).toEqual({
      outcome: 'allow_with_advance',
      reasons: ['high_purchase_amount_in_a_day'],
    });
  });

  it('high_purchase_amount_in_a_day leaves out orders older than a day, prepaid and cancelled ones', () => {
    const history = [
      delivered,
      earlier({ at: hoursAgo(24), total: 9_000 }),
      earlier({ at: hoursAgo(1), total: 9_000, mode: 'prepaid' }),
      earlier({ at: hoursAgo(1), total: 9_000, outcome: 'cancelled-by-shop' }),
      earlier({ at: hoursAgo(1), total: 9_000, outcome: 'cancelled' }),
    ];
    expect(decideCod(order({ history })).outcome).toBe('allow');
    // Cancelled from the phone: out of the day's amount too; only its count against the phone speaks.
    const fromPhone = [delivered, earlier({ at: hoursAgo(1), total: 9_000, outcome: 'cancelled-from-phone' })];
    expect(decideCod(order({ history: fromPhone })).reasons).toEqual(['rto_prone_phone']);
  });

  it('new_customer_on_your_store: no delivered order and a total above the first-order cap', () => {
    expect(decideCod(order({ history: [], total: 3_000 })).outcome).toBe('allow');
    expect(decideCod(order({ history: [earlier()], total: 3_001 }))).toEqual({
      outcome: 'allow_with_advance',
      reasons: ['new_customer_on_your_store'],
    });
    expect(decideCod(order({ total: 3_001 })).outcome).toBe('allow');
  });

  it('cod_not_serviceable: Delhivery says no COD there; unknown never blocks', () => {
    expect(decideCod(order({ serviceability: { serviceable: true, prepaid: true, cod: false } }))).toEqual({
      outcome: 'prepaid_only',
      reasons: ['cod_not_serviceable'],
    });
    expect(decideCod(order({ serviceability: undefined })).outcome).toBe('allow');
  });
});

describe('decideCod, together', () => {
  it('takes the most severe outcome and names every rule that spoke, in COD_REASONS order', () => {
    const decision = decideCod(
      order({
        address: { address1: 'asdf', state: 'Kerala' },
        serviceability: { serviceable: true, prepaid: true, cod: false },
        history: [],
        total: 20_000,
      }),
    );
    expect(decision).toEqual({
      outcome: 'prepaid_only',
      reasons: [
        'address_pincode_state_mismatch',
        'short_shipping_address',
        'gibberish_detected_in_address',
        'high_purchase_amount_in_a_day',
        'new_customer_on_your_store',
        'cod_not_serviceable',
      ],
    });
  });

  it('with the rules off, only the carrier speaks', () => {
    const off = { ...COD_RULE_DEFAULTS, on: false };
    expect(decideCod(order({ settings: off, address: { address1: 'asdf' }, history: [] })).outcome).toBe('allow');
    expect(
      decideCod(order({ settings: off, serviceability: { serviceable: true, prepaid: true, cod: false } })).reasons,
    ).toEqual(['cod_not_serviceable']);
  });

  it('without a history kept, the rules about the phone say nothing', () => {
    expect(decideCod(order({ history: undefined, total: 50_000 })).outcome).toBe('allow');
  });

  it('follows edited thresholds', () => {
    const strict = codRuleSettings({ minAddressChars: 40, firstOrderCap: 500, rtoPrepaidFrom: 1 });
    expect(decideCod(order({ settings: strict })).reasons).toEqual(['short_shipping_address']);
    expect(decideCod(order({ settings: strict, history: [] })).reasons).toContain('new_customer_on_your_store');
    expect(decideCod(order({ settings: strict, history: [delivered, earlier({ outcome: 'returned' })] })).outcome).toBe(
      'prepaid_only',
    );
  });
});

describe('codRuleSettings', () => {
  it('keeps the defaults for what the editor left empty or got wrong', () => {
    expect(codRuleSettings()).toEqual(COD_RULE_DEFAULTS);
    expect(codRuleSettings({ on: false, dayAmountLimit: 0, firstOrderCap: 2.5, minAddressChars: null })).toEqual({
      ...COD_RULE_DEFAULTS,
      on: false,
    });
    expect(codRuleSettings({ rtoAdvanceFrom: 2 }).rtoAdvanceFrom).toBe(2);
  });
});

describe('codSentence', () => {
  const sentence = (outcome: 'allow' | 'allow_with_advance' | 'prepaid_only', ...reasons: string[]) =>
    codSentence({ outcome, reasons: reasons as never }, '248001');

  it('says nothing when COD is allowed', () => {
    expect(sentence('allow')).toBeUndefined();
  });

  it('names the carrier first, then a closed COD, then what to fix in the address', () => {
    expect(sentence('prepaid_only', 'short_shipping_address', 'cod_not_serviceable')).toBe(
      text('delivery.codUnavailable', { pincode: '248001' }),
    );
    expect(sentence('prepaid_only', 'address_pincode_state_mismatch', 'rto_prone_phone')).toBe(text('cod.prepaidOnly'));
    expect(sentence('allow_with_advance', 'address_pincode_state_mismatch', 'short_shipping_address')).toBe(
      text('cod.stateMismatch', { pincode: '248001' }),
    );
    expect(sentence('allow_with_advance', 'short_shipping_address')).toBe(text('cod.address'));
    expect(sentence('allow_with_advance', 'gibberish_detected_in_address', 'rto_prone_phone')).toBe(
      text('cod.address'),
    );
  });

  it('keeps the phone history generic: a stranger learns nothing of whose phone it is', () => {
    for (const reason of ['rto_prone_phone', 'high_purchase_amount_in_a_day', 'new_customer_on_your_store'])
      expect(sentence('allow_with_advance', reason)).toBe(text('cod.advance'));
  });
});
