/**
 * One zod schema per API body and answer, shared by the pages and the functions, which import them
 * all from here. They live by domain: the forms (form-schemas.ts), placing and paying for an order
 * (order-schemas.ts), the order's page, cancellation and /track (order-view-schemas.ts), reviews
 * and contact (submission-schemas.ts), staff actions (staff-schemas.ts), the development
 * WhatsApp outbox (dev-whatsapp-schemas.ts). The browser loads this
 * module whole on its first call (`loadSchemas`, src/lib/api), so it stays one chunk, out of the
 * pages' shared code (vite.config.ts).
 */
import { z } from 'zod';
import { ALL_ERROR_CODES, type ErrorEnvelope } from '../error-codes.ts';

export * from './dev-whatsapp-schemas.ts';
export * from './form-schemas.ts';
export * from './order-schemas.ts';
export * from './order-view-schemas.ts';
export * from './staff-schemas.ts';
export * from './submission-schemas.ts';

/** Every error answer (`ErrorEnvelope`, error-codes.ts): its code one of `ERROR_CODES`, nothing else. */
export const errorEnvelopeSchema = z.object({
  error: z.object({
    // A code this build does not know (a tab left open across a deploy that added one) is still a
    // refusal the server made, with its own message: read as INTERNAL_ERROR, not as "unreachable",
    // which would send a COD order to the outbox to be sent again and again.
    code: z.enum(ALL_ERROR_CODES).catch('INTERNAL_ERROR'),
    message: z.string(),
    issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  }),
}) satisfies z.ZodType<ErrorEnvelope>;
