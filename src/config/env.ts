/** Settings the browser bundle may see (all public; secrets never carry a VITE_ prefix). */

// Checked by hand rather than with zod: this module is in every page's first load, zod is not.
function pixelId(value: string | undefined): string | undefined {
  if (!value) return undefined;
  if (!/^\d{5,20}$/.test(value)) throw new Error('VITE_META_PIXEL_ID is the numeric pixel id');
  return value;
}

export const publicEnv = {
  VITE_META_PIXEL_ID: pixelId(import.meta.env.VITE_META_PIXEL_ID || undefined),
  /** The checkout offers WhatsApp order updates (vite.config.ts decides it per build). */
  WHATSAPP_UPDATES: import.meta.env.VITE_WHATSAPP_UPDATES === 'on',
};
