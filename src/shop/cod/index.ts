// This folder's public face: only the names used outside it. Anything outside the folder imports
// through here (docs/architecture.md, "The shop core's folders"). Written by
// scripts/codemods/shop-folders.mjs: run it again when what others use changes.

export type { CodConfirmation, CodDecision, CodReason, CodState, ConfirmationWay } from './cod.ts';
export {
  ASK_AFTER_MS,
  awaitingConfirmation,
  CALL_AFTER_MS,
  COD_OUTCOMES,
  cashOnDelivery,
  codConfirmed,
  codeFor,
  confirmationLocked,
  confirmMessage,
  REMIND_AFTER_MS,
  readConfirmMessage,
  staffToCall,
  WRONG_CODES_ALLOWED,
} from './cod.ts';
export type { CheckoutPayment } from './cod-advance.ts';
export { advanceOffered, advanceSplit, paymentModeOf } from './cod-advance.ts';
export type { CodRuleSettings, PhoneOrder, PhoneOrderOutcome } from './cod-rules.ts';
export { COD_RULE_DEFAULTS, codRuleSettings, codSentence, decideCod } from './cod-rules.ts';
