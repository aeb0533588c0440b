import { ChatIcon, TruckIcon } from '../../components/icons.tsx';
import { fillIn } from '../../shop/fill-in.ts';
import { formatRupees } from '../../shop/money.ts';

/** The strip at the top of every page: the editors' words (Shop settings), with the threshold in {amount}. */
export function FreeDeliveryBanner({ text, threshold }: { text: string; threshold: number }) {
  return (
    <p className="delivery-banner">
      <TruckIcon className="delivery-banner__icon" />
      {fillIn(text, { amount: formatRupees(threshold) })}
    </p>
  );
}

/** The messaging-app deep link: wa.me with the number in international form and the greeting. */
export function chatLink(number: string, greeting: string): string {
  return `https://wa.me/${number.replace(/\D/g, '')}?text=${encodeURIComponent(greeting)}`;
}

export function ChatButton({ number, greeting }: { number: string; greeting: string }) {
  return (
    <a
      className="chat-button"
      href={chatLink(number, greeting)}
      target="_blank"
      rel="noopener noreferrer"
      aria-label="Chat with us on WhatsApp (opens in a new tab)"
    >
      <ChatIcon />
    </a>
  );
}
