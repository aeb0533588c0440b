/** Settings the browser bundle may see (all public; secrets never carry a VITE_ prefix). */
import * as z from 'zod/mini';

const publicEnvSchema = z.object({
  VITE_META_PIXEL_ID: z.optional(z.string().check(z.regex(/^\d{5,20}$/, 'VITE_META_PIXEL_ID is the numeric pixel id'))),
});

export const publicEnv = publicEnvSchema.parse({
  VITE_META_PIXEL_ID: import.meta.env.VITE_META_PIXEL_ID || undefined,
});
