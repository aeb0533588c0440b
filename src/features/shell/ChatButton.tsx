import { ChatIcon } from '../../components/icons.tsx';

/** The messaging-app deep link: wa.me with the number in international form and the greeting. */
export function chatLink(number: string, greeting: string): string {
  return `https://wa.me/${number.replace(/\D/g, '')}?text=${encodeURIComponent(greeting)}`;
}

/** The round WhatsApp button in the corner of every page. */
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
