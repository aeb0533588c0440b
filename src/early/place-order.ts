/**
 * Place Order tapped before the page is live (decision 028). The total is not known then (the cart
 * is read, and shipping quoted, once React is live), so no order can be placed; the tap answers at
 * once with what React would say: the required-fields message if one is empty (that field takes
 * the focus, as the live form does), the pincode's if it is not six digits, otherwise that the
 * total is still being worked out. It is not
 * replayed: an order is only ever placed by a press made while its total shows.
 */
import { showEarlyToast } from './toast.ts';

/** The pincode's place in the button's `data-waiting-message` (OrderSummary fills the rest with `totalNotReadyMessage`). */
export const PINCODE_SLOT = '{pincode}';

export function placeOrderEarly(button: HTMLElement): 'done' | 'hold' {
  const form = (button as HTMLButtonElement).form;
  const { requiredMessage, pincodeMessage, waitingMessage } = button.dataset;
  if (!form || !requiredMessage || !waitingMessage) return 'hold';
  const empty = [
    ...form.querySelectorAll<HTMLInputElement>('input[required], select[required], textarea[required]'),
  ].find((field) => field.value.trim() === '');
  if (empty) {
    if (!showEarlyToast(requiredMessage)) return 'hold';
    empty.focus();
    return 'done';
  }
  // Six digits, or it is not a pincode whose shipping could be "being calculated": the form's own
  // message for it (the live form checks it fully, and the phone, on the next press).
  const pincode = form.querySelector<HTMLInputElement>('input[name="pincode"]')?.value.trim() ?? '';
  if (!/^\d{6}$/.test(pincode) && pincodeMessage) return showEarlyToast(pincodeMessage) ? 'done' : 'hold';
  return showEarlyToast(waitingMessage.replace(PINCODE_SLOT, pincode), 'info') ? 'done' : 'hold';
}
