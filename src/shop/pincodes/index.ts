// This folder's public face: only the names used outside it. Anything outside the folder imports
// through here (docs/architecture.md, "The shop core's folders"). Written by
// scripts/codemods/shop-folders.mjs: run it again when what others use changes.

export type { Serviceability } from './deliverability.ts';
export { deliveryRefusal } from './deliverability.ts';
export type { IndianState } from './pincode-states.ts';
export { INDIAN_STATES, stateMismatch, stateNamed, statesForPincode } from './pincode-states.ts';
