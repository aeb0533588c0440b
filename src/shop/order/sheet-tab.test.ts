import { describe, expect, it } from 'vitest';
import { FIRST_ORDERS_TAB, ordersTabOf, yearTab } from './sheet-tab.ts';

describe('the Orders tab of an order', () => {
  it("is its financial year's, by India's calendar: 1 April opens a new one", () => {
    expect(yearTab('2026-12-07T10:00:00.000Z')).toBe('Orders 2026-27');
    expect(yearTab('2027-03-31T18:29:59.000Z')).toBe('Orders 2026-27'); // 23:59 in India
    expect(yearTab('2027-03-31T18:30:00.000Z')).toBe('Orders 2027-28'); // midnight in India
  });

  it('stays the one its rows were written to; rows written before the yearly tabs stay in Orders', () => {
    const placed = { createdAt: '2027-04-02T10:00:00.000Z', forwards: {} };
    expect(ordersTabOf(placed)).toBe('Orders 2027-28');
    const written = { ...placed, forwards: { sheet: { status: 'done' as const, attempts: 1, tab: 'Orders 2026-27' } } };
    expect(ordersTabOf(written)).toBe('Orders 2026-27');
    const before = { ...placed, forwards: { sheet: { status: 'done' as const, attempts: 1, syncedCells: 'fp' } } };
    expect(ordersTabOf(before)).toBe(FIRST_ORDERS_TAB);
    const statusOnly = {
      ...placed,
      forwards: { sheet: { status: 'done' as const, attempts: 1, syncedStatus: 'Paid' } },
    };
    expect(ordersTabOf(statusOnly)).toBe(FIRST_ORDERS_TAB);
  });
});
