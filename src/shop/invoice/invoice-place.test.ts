import { describe, expect, it } from 'vitest';
import { placeOfSupply } from './invoice-place.ts';

const UK = { stateName: 'Uttarakhand', stateCode: '05' };
const UP = { stateName: 'Uttar Pradesh', stateCode: '09' };

describe('placeOfSupply: where the goods are delivered', () => {
  it('takes the State the shopper typed when the pincode can be there, read forgivingly', () => {
    expect(placeOfSupply({ pincode: '110001', state: 'delhi ' })).toEqual({ stateName: 'Delhi', stateCode: '07' });
    expect(placeOfSupply({ pincode: '247001', state: 'Uttarakhand' })).toEqual(UK);
    expect(placeOfSupply({ pincode: '248001', state: 'Uttar Pradesh' })).toEqual(UP);
  });

  it("takes the pincode's State when none is typed, or one the pincode cannot be in", () => {
    expect(placeOfSupply({ pincode: '560001' })).toEqual({ stateName: 'Karnataka', stateCode: '29' });
    expect(placeOfSupply({ pincode: '560001', state: 'Kerala' })).toEqual({ stateName: 'Karnataka', stateCode: '29' });
    expect(placeOfSupply({ pincode: '411001', state: 'Maharashtra state' })).toEqual({
      stateName: 'Maharashtra',
      stateCode: '27',
    });
  });

  it("splits the Uttar Pradesh circle's pincodes between Uttarakhand and Uttar Pradesh", () => {
    for (const pin of [
      '248001',
      '249135',
      '263001',
      '244715',
      '246001',
      '246443',
      '247667',
      '247776',
      '262501',
      '262601',
    ]) {
      expect(placeOfSupply({ pincode: pin }), pin).toEqual(UK);
    }
    for (const pin of ['244001', '246701', '247001', '262001', '250001', '226001', '201301']) {
      expect(placeOfSupply({ pincode: pin }), pin).toEqual(UP);
    }
  });

  it('has no answer for a pincode two States share with no State typed, nor for an unknown one', () => {
    expect(placeOfSupply({ pincode: '605001' })).toBeUndefined();
    expect(placeOfSupply({ pincode: '605001', state: 'Puducherry' })).toEqual({
      stateName: 'Puducherry',
      stateCode: '34',
    });
    expect(placeOfSupply({ pincode: '999001', state: '' })).toBeUndefined();
    expect(placeOfSupply({ pincode: '999001', state: 'Goa' })).toEqual({ stateName: 'Goa', stateCode: '30' });
  });
});
