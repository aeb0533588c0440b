import { describe, expect, it } from 'vitest';
import { INDIAN_STATES } from '../pincodes/index.ts';
import { GST_STATE_CODES, gstStateCode, gstStateName, isGstStateCode } from './gst-states.ts';

describe('the GST State codes', () => {
  it('give every State and Union Territory the shop knows a code, under the same name', () => {
    for (const state of INDIAN_STATES) {
      const code = gstStateCode(state);
      expect(code, state).toMatch(/^\d{2}$/);
      expect(gstStateName(code as string)).toBe(state);
    }
  });

  it.each([
    ['Jammu and Kashmir', '01'],
    ['Uttarakhand', '05'],
    ['Delhi', '07'],
    ['Dadra and Nagar Haveli and Daman and Diu', '26'],
    ['Maharashtra', '27'],
    ['Karnataka', '29'],
    ['Telangana', '36'],
    ['Andhra Pradesh', '37'],
    ['Ladakh', '38'],
    ['Other Territory', '97'],
  ])('%s is %s', (state, code) => {
    expect(gstStateCode(state)).toBe(code);
    expect(gstStateName(code)).toBe(state);
  });

  it('run 01 to 38, then 97, each name once', () => {
    const codes = Object.keys(GST_STATE_CODES).sort();
    expect(codes).toEqual([...Array.from({ length: 38 }, (_, index) => String(index + 1).padStart(2, '0')), '97']);
    expect(new Set(Object.values(GST_STATE_CODES)).size).toBe(codes.length);
  });

  it('read a State as the checkout reads it, and answer a retired code only for the code', () => {
    expect(gstStateCode(' uttaranchal ')).toBe('05');
    expect(gstStateCode('UK')).toBe('05');
    expect(gstStateCode('Daman and Diu')).toBe('26');
    expect(gstStateCode('AP')).toBe('37');
    expect(gstStateName('25')).toBe('Daman and Diu (before 2020)');
    expect(gstStateName('28')).toBe('Andhra Pradesh (before 2014)');
  });

  it('know no other code or name', () => {
    for (const code of ['00', '39', '96', '99', '5', '005', 'toString', '']) {
      expect(isGstStateCode(code), code).toBe(false);
      expect(gstStateName(code), code).toBeUndefined();
    }
    expect(gstStateCode('Atlantis')).toBeUndefined();
    expect(gstStateCode('')).toBeUndefined();
  });
});
