import { describe, expect, it } from 'vitest';
import { addressTooShort, looksGibberish } from './address-checks.ts';

/** Real-looking Indian address lines: none may be taken for gibberish. */
const REAL = [
  'H.No 12/3, Gali No 4',
  'Near SBI ATM, Civil Lines',
  'Vill. Bhatwari, P.O. Uttarkashi',
  'Flat 302, Sai Krupa Apts',
  'Shop no 7 Lajpat Nagar',
  '12 Mall Road, Near the clock tower',
  'मकान नं. 45, गांधी नगर',
  'ग्राम भटवाड़ी, पोस्ट उत्तरकाशी',
  'எண் 12, காந்தி தெரு',
  '১২ নম্বর, গড়িয়াহাট রোড',
  'Plot 14, Sector 21, Dwarka',
  'B-204, Lakshmi Niwas, Andheri East',
  'Opp. Rashtrapati Bhavan',
  'Bhattacharjee Lane, Salt Lake',
  'C/o Ram Singh, Chhatarpur Extension',
  '2nd Floor, Liberty Property Towers',
  'No. 7, 3rd Cross, HSR Layout',
  'Door 14-2-33, Jubilee Hills',
  'House 1111, Phase III, Mohali',
  'Sachchidanand Nagar, Jhunjhunu',
  'Qr No 5, BHEL Township',
  'WZ-102, Tilak Nagar',
  'NH 58, Near Petrol Pump, Rishikesh',
  'Kshatriya Mohalla, Ward 5',
  '302',
  '12/3',
  '-',
  '',
];

/** Typed to get past the form. */
const GIBBERISH = [
  'asdf',
  'qwerty',
  'zxcvbn',
  'asdfgh jkl',
  'hjkl street',
  'lkjhgf',
  'poiuyt',
  'aaaaaa',
  'xxxx',
  'bcdfgh klm',
  'sdfsdfsdf',
  'abab abababab',
  '123456',
  '1234 5678',
];

describe('an address line that looks like gibberish', () => {
  it.each(REAL)('lets %j through', (line) => {
    expect(looksGibberish(line)).toBe(false);
  });

  it.each(GIBBERISH)('catches %j', (line) => {
    expect(looksGibberish(line)).toBe(true);
  });
});

describe('an address too short to find a house', () => {
  it('needs the threshold in characters and two words, over both lines', () => {
    expect(addressTooShort(['12 Mall Road'], 12)).toBe(false);
    expect(addressTooShort(['12 Mall Rd'], 12)).toBe(true);
    expect(addressTooShort(['Flat 3', 'Gali No 4'], 12)).toBe(false);
    expect(addressTooShort(['Bhatwariuttarkashi'], 12)).toBe(true);
    expect(addressTooShort(['  ', ''], 1)).toBe(true);
  });
});
