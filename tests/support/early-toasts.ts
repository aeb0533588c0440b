/**
 * The hidden toasts a page draws for the early script (`EarlyToasts`, src/components/toast), as
 * React renders them: the early tests' page (src/early/toast.test.ts, place-order.test.ts) holds it, and ToastProvider.test.tsx fails if
 * `EarlyToasts` stops rendering exactly this.
 */
export const EARLY_TOASTS_HTML =
  '<div hidden="" data-early-toasts=""><div class="toast toast--error"><span class="toast__icon" aria-hidden="true">!</span><div class="toast__body"><p class="toast__message"></p></div><button type="button" class="toast__close" aria-label="Close notification" data-early="toast-close"><span aria-hidden="true">×</span></button></div><div class="toast toast--info"><span class="toast__icon" aria-hidden="true">i</span><div class="toast__body"><p class="toast__message"></p></div><button type="button" class="toast__close" aria-label="Close notification" data-early="toast-close"><span aria-hidden="true">×</span></button></div></div>';
