/**
 * Does this build offer WhatsApp order updates at checkout (docs/shop-rules.md §10, "WhatsApp")?
 * The checkbox promises messages, so a production build offers it only when the owner says the
 * WhatsApp Cloud API is set up (`VITE_WHATSAPP_UPDATES=on`, beside the server's WHATSAPP_TOKEN
 * and WHATSAPP_PHONE_NUMBER_ID). Every other build offers it, and its messages go to the local
 * outbox (`.data/whatsapp/`); `VITE_WHATSAPP_UPDATES=off` turns the offer off anywhere.
 */
export function whatsappUpdatesOffered(env: Record<string, string | undefined>): boolean {
  if (env.VITE_WHATSAPP_UPDATES === 'on') return true;
  if (env.VITE_WHATSAPP_UPDATES === 'off') return false;
  return env.CONTEXT !== 'production';
}
