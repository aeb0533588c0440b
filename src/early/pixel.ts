/**
 * The Meta pixel's loader, with nothing else: no environment, no imports. The shop's pages call it
 * through `loadPixel` (src/features/pixel/pixel.ts) with the build's VITE_META_PIXEL_ID; a page that loads no React
 * (decision 028) calls it from the early script with the id the build wrote into the page, so its
 * PageView is sent as on every other page.
 */

type Fbq = ((command: string, ...args: unknown[]) => void) & {
  queue: unknown[][];
  callMethod?: (...args: unknown[]) => void;
  push?: unknown;
  loaded?: boolean;
  version?: string;
};

declare global {
  interface Window {
    fbq?: Fbq;
    _fbq?: Fbq;
  }
}

const PIXEL_SCRIPT = 'https://connect.facebook.net/en_US/fbevents.js';

/** Installs the Meta pixel and sends the page's PageView; the standard snippet, without inline HTML. Once per page. */
export function installMetaPixel(pixelId: string): void {
  if (!pixelId || typeof window === 'undefined' || window.fbq) return;
  // The official loader's stub: calls queue up until fbevents.js arrives and takes them over.
  const fbq = ((...args: unknown[]) => {
    if (fbq.callMethod) fbq.callMethod(...args);
    else fbq.queue.push(args);
  }) as Fbq;
  fbq.queue = [];
  fbq.push = fbq;
  fbq.loaded = true;
  fbq.version = '2.0';
  window.fbq = fbq;
  window._fbq = fbq;
  const script = document.createElement('script');
  script.async = true;
  script.src = PIXEL_SCRIPT;
  document.head.append(script);
  fbq('init', pixelId);
  fbq('track', 'PageView');
}
