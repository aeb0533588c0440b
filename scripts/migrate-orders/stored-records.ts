// `npm run migrate:orders`: what a Blobs entry must hold to be copied (each kind's shape, checked
// before anything of it is written).
import { z } from 'zod';
import { SERIAL_PATTERN } from '#shop/invoice/index.ts';

// ---------------------------------------------------------------------------------------------------
// What a copied entry must hold

export const time = z.iso.datetime({ offset: true });
export const count = z.number().int().nonnegative();

const forwardSchema = z.looseObject({
  status: z.enum(['pending', 'sending', 'done', 'failed', 'needs-attention', 'not-sent']),
  attempts: count,
  lastError: z.string().optional(),
  at: time.optional(),
  claimedAt: time.optional(),
  firstAttemptAt: time.optional(),
  nextAttemptAt: time.optional(),
  waybill: z.string().optional(),
  syncedStatus: z.string().optional(),
  syncedCells: z.string().optional(),
});

const noticeSchema = z.looseObject({
  channel: z.enum(['email', 'whatsapp']),
  event: z.string(),
  status: z.enum(['pending', 'sending', 'sent', 'failed', 'skipped', 'gave-up']),
  attempts: count,
  createdAt: time,
  claimedAt: time.optional(),
  nextAttemptAt: time.optional(),
  at: time.optional(),
  lastError: z.string().optional(),
  messageId: z.string().optional(),
  delivery: z.looseObject({ status: z.string(), at: z.string() }).optional(),
});

export const documentSchema = z.looseObject({
  number: z.string().regex(SERIAL_PATTERN),
  date: z.iso.date(),
  financialYear: z.string().optional(),
});

/** What the database's columns and the order log's `create` read of a record; the rest is kept as it is. */
export const orderSchema = z.looseObject({
  orderId: z.string().regex(/^[A-Za-z0-9_-]+$/),
  status: z.enum(['pending', 'paid', 'forwarded', 'expired', 'cancelled']),
  mode: z.enum(['prepaid', 'cod']),
  createdAt: time,
  updatedAt: time,
  customer: z.looseObject({ phone: z.string() }),
  lines: z.array(
    z.looseObject({ productId: z.number().int(), size: z.string(), quantity: z.number().int().positive() }),
  ),
  totals: z.looseObject({ total: z.number() }),
  forwards: z.looseObject({
    sheet: forwardSchema,
    shipment: forwardSchema,
    email: forwardSchema.optional(),
    invoice: forwardSchema.optional(),
  }),
  notices: z.record(z.string(), noticeSchema).optional(),
  history: z.array(z.looseObject({ at: z.string(), event: z.string() })),
  invoice: documentSchema.optional(),
  creditNote: documentSchema.optional(),
  earlierShipments: z.array(z.looseObject({ waybill: z.string(), reference: z.string(), bookedAt: time })).optional(),
  parcel: z.looseObject({ state: z.string(), changes: z.array(z.unknown()) }).optional(),
});

export const counterSchema = z.looseObject({
  last: count,
  pending: z.looseObject({ number: z.string(), orderId: z.string() }).optional(),
});
export const razorpaySchema = z.looseObject({ orderId: z.string().min(1) });
export const webhookEventSchema = z.looseObject({ at: time });
export const optOutSchema = z.looseObject({ out: z.boolean(), at: time });
export const phoneRecordSchema = z.looseObject({
  orders: z.array(
    z.looseObject({
      orderId: z.string().min(1),
      at: time,
      total: z.number(),
      mode: z.enum(['prepaid', 'cod']),
      outcome: z.string().optional(),
    }),
  ),
});
