import { beforeEach, describe, expect, it } from 'vitest';
import { makeCartItem } from '#tests/support/factories.ts';
import { cartPixelParams, loadPixel, recordedPixelEvents, track } from './pixel.ts';

describe('ad pixel', () => {
  beforeEach(() => {
    window.__ouo = { ...window.__ouo, pixelEvents: [] };
    delete window.fbq;
    delete window._fbq;
    for (const script of document.head.querySelectorAll('script')) script.remove();
  });

  it('keeps events in memory with content ids, value, INR and item count', () => {
    const items = [
      makeCartItem({ quantity: 2 }),
      makeCartItem({ product_retailer_id: '6_23gm', price: 347, quantity: 1 }),
    ];
    track('InitiateCheckout', cartPixelParams(items));
    expect(recordedPixelEvents()).toEqual([
      {
        name: 'InitiateCheckout',
        params: {
          content_ids: ['1_500gm', '6_23gm'],
          content_type: 'product',
          value: 1041,
          currency: 'INR',
          num_items: 3,
        },
      },
    ]);
  });

  it('loads no script without a pixel id', () => {
    loadPixel(undefined);
    expect(document.head.querySelector('script')).toBeNull();
    expect(window.fbq).toBeUndefined();
  });

  it('loads the Meta pixel once with an id and forwards events to it', () => {
    loadPixel('123456789012345');
    loadPixel('123456789012345');
    const scripts = document.head.querySelectorAll('script');
    expect(scripts).toHaveLength(1);
    expect(scripts[0]?.src).toBe('https://connect.facebook.net/en_US/fbevents.js');
    track('Lead');
    expect(window.fbq?.queue).toEqual([
      ['init', '123456789012345'],
      ['track', 'PageView'],
      ['track', 'Lead', {}],
    ]);
  });
});
