import { notFoundHead } from '../features/seo/head.ts';
import { WhatsAppOutboxPage } from '../features/whatsapp-outbox/index.ts';
import { text } from '../shop/texts/dev.ts';

/** Development only: left out of production's build (react-router.config.ts), never in the sitemap, never indexed. */
export function meta() {
  return notFoundHead(text('whatsappOutbox.whatsappOutboxDevelopment'));
}

export default function DevWhatsApp() {
  return <WhatsAppOutboxPage />;
}
