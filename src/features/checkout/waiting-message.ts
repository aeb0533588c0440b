import { text } from '../../shop/texts/early.ts';

/** Place Order pressed before the total for the pincode is known (docs/shop-rules.md §8). */
export const totalNotReadyMessage = (pincode: string) => text('early.totalNotReady', { pincode });
