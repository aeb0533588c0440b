import { describe, expect, it } from 'vitest';
import { batchUrl, SITE_ORIGIN } from '../../config/site.ts';
import { qrSvg } from './qr.ts';

const URL = batchUrl('OUO-GHEE-2025-09-25-001');

describe('qrSvg', () => {
  it('encodes the batch URL on the site origin', () => {
    expect(URL).toBe(`${SITE_ORIGIN}/who-are-we/traceability/OUO-GHEE-2025-09-25-001`);
    expect(SITE_ORIGIN).toBe('https://orangutanorganics.in');
  });

  it('is deterministic: the same text gives the same path', () => {
    expect(qrSvg(URL)).toEqual(qrSvg(URL));
    expect(qrSvg(URL).path).not.toBe(qrSvg(`${URL}-2`).path);
  });

  it('draws more than 20 modules per side for the URL, inside a quiet zone', () => {
    const qr = qrSvg(URL);
    expect(qr.moduleCount).toBeGreaterThan(20);
    expect(qr.size).toBe(qr.moduleCount + 8);
    expect(qr.path).toMatch(/^(M\d+ \d+h1v1h-1z)+$/);
    // The top-left finder pattern starts at the quiet zone's corner.
    expect(qr.path.startsWith('M4 4h1v1h-1z')).toBe(true);
  });
});
