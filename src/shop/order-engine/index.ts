// This folder's public face: only the names used outside it. Anything outside the folder imports
// through here (docs/architecture.md, "The shop core's folders"). Written by
// scripts/codemods/shop-folders.mjs: run it again when what others use changes.
export { cancelWork, stepOpen } from './cancel-events.ts';
export type { CancelRefusal, RefundReport } from './cancel-rules.ts';
export { cancellable, cancelRefusal, reportedRefund } from './cancel-rules.ts';
export { STALE_CLAIM_MS } from './claims.ts';
export type { CodConfirmationReceived, ConfirmOutcome, ConfirmProof } from './cod-confirmation.ts';
export { confirmationOutcome, lockedBy } from './cod-confirmation.ts';
export type { ChaseStep } from './cod-events.ts';
export { CHASED_FIELD } from './cod-events.ts';
export type { EmailUndeliverableEvent } from './email-events.ts';
export { enqueueOrderNotice } from './notices.ts';
export { creditNoteOwed, isOpen, needsAttention, needsRefund, parcelOpen } from './order-flags.ts';
export type { TaskSettledEvent } from './parcel-events.ts';
export { sheetCells, sheetFingerprint, sheetRefunds } from './sheet-row.ts';
export type { BookAgainStep } from './staff-rules.ts';
export { bookAgainStep, codDelivered, staffRefundOf } from './staff-rules.ts';
export type { SheetPaymentStatus } from './staff-status.ts';
export { sheetPaymentStatus, staffStatusLabel } from './staff-status.ts';
export { cancelBookingKey, codChaseKey, forwardKey, noticeTaskKey, paymentStartKey } from './task-keys.ts';
export type { OrderChangeEvent } from './transition.ts';
export { earnedSteps, transition } from './transition.ts';
