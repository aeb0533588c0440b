import { describe, expect, it } from 'vitest';
import { INDIAN_STATES, stateMismatch, stateNamed, statesForPincode } from './pincode-states.ts';

describe('the States a pincode can be in', () => {
  it.each([
    ['248001', ['Uttar Pradesh', 'Uttarakhand']], // Dehradun: the UP circle's 24–26 districts
    ['110001', ['Delhi']],
    ['403001', ['Goa']],
    ['396230', ['Dadra and Nagar Haveli and Daman and Diu', 'Gujarat']], // Silvassa
    ['605001', ['Puducherry', 'Tamil Nadu']],
    ['682551', ['Kerala', 'Lakshadweep']],
    ['737101', ['Sikkim']],
    ['744301', ['Andaman and Nicobar Islands']],
    ['795001', ['Manipur']],
    ['194101', ['Ladakh', 'Jammu and Kashmir']],
  ])('%s → %j', (pincode, states) => {
    expect(statesForPincode(pincode)).toEqual(states);
  });

  it('names no State for the Army Postal Service (90–99) nor an unused circle', () => {
    expect(statesForPincode('900001')).toBeUndefined();
    expect(statesForPincode('550001')).toBeUndefined();
  });
});

describe('the State a shopper typed', () => {
  it.each([
    ['Uttarakhand', 'Uttarakhand'],
    ['  uttarakhand ', 'Uttarakhand'],
    ['UK', 'Uttarakhand'],
    ['Uttaranchal', 'Uttarakhand'],
    ['U.P.', 'Uttar Pradesh'],
    ['J&K', 'Jammu and Kashmir'],
    ['Jammu & Kashmir', 'Jammu and Kashmir'],
    ['Orissa', 'Odisha'],
    ['TAMILNADU', 'Tamil Nadu'],
    ['Pondicherry', 'Puducherry'],
    ['new delhi', 'Delhi'],
  ])('%j reads as %s', (typed, state) => {
    expect(stateNamed(typed)).toBe(state);
  });

  it('knows every State by its own name', () => {
    for (const state of INDIAN_STATES) expect(stateNamed(state.toUpperCase())).toBe(state);
  });

  it('reads nothing into words it does not know, nor another script', () => {
    expect(stateNamed('Atlantis')).toBeUndefined();
    expect(stateNamed('उत्तराखंड')).toBeUndefined();
  });
});

describe('a State that does not match the pincode', () => {
  it('is a known State the pincode cannot be in', () => {
    expect(stateMismatch('Kerala', '248001')).toBe(true);
    expect(stateMismatch('Uttarakhand', '560001')).toBe(true);
  });

  it('is not a State the pincode may be in, an empty or unknown State, nor an APS pincode', () => {
    expect(stateMismatch('Uttar Pradesh', '248001')).toBe(false);
    expect(stateMismatch('Gujarat', '396230')).toBe(false);
    expect(stateMismatch(undefined, '248001')).toBe(false);
    expect(stateMismatch('', '248001')).toBe(false);
    expect(stateMismatch('उत्तराखंड', '560001')).toBe(false);
    expect(stateMismatch('Kerala', '900001')).toBe(false);
  });
});
