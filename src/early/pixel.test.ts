// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { installMetaPixel } from './pixel.ts';

afterEach(() => {
  delete window.fbq;
  delete window._fbq;
  document.head.innerHTML = '';
});

describe('the Meta pixel’s loader', () => {
  it('queues init and PageView and loads fbevents.js once', () => {
    installMetaPixel('123456789012345');
    installMetaPixel('123456789012345');
    expect(window.fbq?.queue).toEqual([
      ['init', '123456789012345'],
      ['track', 'PageView'],
    ]);
    expect(document.head.querySelectorAll('script[src$="fbevents.js"]')).toHaveLength(1);
  });

  it('loads nothing without an id', () => {
    installMetaPixel('');
    expect(window.fbq).toBeUndefined();
    expect(document.head.querySelector('script')).toBeNull();
  });
});
