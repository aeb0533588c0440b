import { ChatIcon, TruckIcon } from '../../components/icons.tsx';
import { formatRupees } from '../../shop/money.ts';

export function FreeDeliveryBanner({ threshold }: { threshold: number }) {
  return (
    <p className="delivery-banner">
      <TruckIcon className="delivery-banner__icon" />
      Free delivery across India on orders of {formatRupees(threshold)} and above
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
