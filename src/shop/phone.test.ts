import { describe, expect, it } from 'vitest';
import { indianMobile } from './phone.ts';

describe('indianMobile (issue 37 §5)', () => {
  it.each([
    '9876543210',
    '98765 43210',
    '98765-43210',
    '+91 98765 43210',
    '+91-98765-43210',
    '919876543210',
    '098765 43210',
    '(0) 98765.43210',
  ])('reads %j as 9876543210', (typed) => {
    expect(indianMobile(typed)).toBe('9876543210');
  });

  it.each([
    ['too short', '98765'],
    ['eleven digits without a leading 0', '98765432101'],
    ['a landline-like start', '5876543210'],
    ['another country', '+1 415 555 0100'],
    ['words around it', 'call 98765 43210 pls'],
    ['nothing', ''],
  ])('refuses %s', (_name, typed) => {
    expect(indianMobile(typed)).toBeUndefined();
  });
});
