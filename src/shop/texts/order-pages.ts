/**
 * The order's own page and /track: the shared words and the order's (its page, /track's form,
 * cancelling and its reasons, the COD fee's rows). The timeline's words (parcel, confirmation,
 * cancellation) come written by the server (src/shop/parcel/tracking.ts), so no page carries them.
 * docs/architecture.md, "Texts".
 */
import { cancelPage } from './cancel-page.ts';
import { cancelReason } from './cancel-reason.ts';
import { codAdvance } from './cod-advance.ts';
import { shared } from './index.ts';
import { orderPage } from './order-page.ts';
import { reader } from './read.ts';
import { track } from './track.ts';

export const text = /* @__PURE__ */ reader({
  ...shared,
  cancelPage,
  cancelReason,
  codAdvance,
  orderPage,
  track,
});
