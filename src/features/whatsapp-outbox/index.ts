export { WhatsAppOutboxPage } from './WhatsAppOutboxPage.tsx';
