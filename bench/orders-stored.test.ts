import { describe, expect, it } from 'vitest';
import { invoiceSeries } from './orders-stored.mjs';

describe('invoiceSeries', () => {
  it('counts the numbers, the distinct ones, and whether they run without a gap', () => {
    expect(invoiceSeries(['OUO/2026-27/3', 'OUO/2026-27/1', 'OUO/2026-27/2'])).toEqual({
      taken: 3,
      distinct: 3,
      first: 1,
      last: 3,
      consecutive: true,
    });
  });

  it('tells a gap and a number issued twice', () => {
    expect(invoiceSeries(['OUO/2026-27/1', 'OUO/2026-27/3'])).toMatchObject({ distinct: 2, consecutive: false });
    expect(invoiceSeries(['OUO/2026-27/4', 'OUO/2026-27/4', 'OUO/2026-27/5'])).toMatchObject({
      taken: 3,
      distinct: 2,
      consecutive: true,
    });
  });
});
