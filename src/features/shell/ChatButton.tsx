import { ChatIcon } from '../../components/icons.tsx';
import { text } from '../../shop/texts/index.ts';
import { whatsappChatLink } from '../../shop/whatsapp.ts';

/** The round WhatsApp button in the corner of every page. */
export function ChatButton({ number, greeting }: { number: string; greeting: string }) {
  return (
    <a
      className="chat-button"
      href={whatsappChatLink(number, greeting)}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={text('shell.chatWithUsOn')}
    >
      <ChatIcon />
    </a>
  );
}
