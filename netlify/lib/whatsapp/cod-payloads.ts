/**
 * The COD confirmation's buttons (docs/shop-rules.md §10 rule 17): what the message carries
 * (notify/whatsapp-message.ts) and what a tap answers with (cod-answers.ts). Its own module, so
 * the message imports no answer (and through it, no cancel or confirm).
 */
/** The payloads the `cod_confirm` template's buttons carry, by index (whatsapp-message.ts sends them). */
export const codConfirmPayloads = (orderId: string) => [`COD_CONFIRM:${orderId}`, `COD_CANCEL:${orderId}`];
