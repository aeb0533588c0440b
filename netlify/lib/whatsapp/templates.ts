/**
 * The shop's WhatsApp templates (issue 33 §3): eight utility messages, one purpose each, in English
 * and Hindi under the same name (the issue's six, `order_delivered`, decision 024, and issue 34's
 * `cod_confirm`, decision 026). Each entry
 * is the body of Graph API's create-template call (`POST /<version>/<WABA_ID>/message_templates`:
 * `name`, `language`, `category`, `parameter_format`, `components`), so an owner can submit them
 * as they are (by hand, or with `npm run whatsapp:templates`, template-admin.ts), and the
 * notifier sends `{{1}}`, `{{2}}`, … in the order `parameters` names them.
 *
 * No offers, prices of other products, or "shop now" lines: one promotional word and Meta re-classes
 * a template as marketing, billed at several times the utility rate (docs/research/whatsapp-cloud-api.md §5.4). Meta's
 * limits (§5.3): names `^[a-z0-9_]+$`, body ≤ 1024 characters, a button's label ≤ 25, variables
 * numbered in order, never at the very start or end of the body; `example.body_text` holds one
 * sample per variable. templates.test.ts holds every entry to them.
 */
import type { WhatsAppLanguage } from '#shop/whatsapp.ts';

export type TemplateName =
  | 'order_placed'
  | 'order_shipped'
  | 'out_for_delivery'
  | 'delivery_failed'
  | 'order_delivered'
  | 'order_cancelled'
  | 'refund_done'
  | 'cod_confirm';

export type TemplateLanguage = WhatsAppLanguage;

type TemplateButton = { type: 'QUICK_REPLY'; text: string } | { type: 'URL'; text: string; url: string };

export interface TemplateDefinition {
  name: TemplateName;
  language: TemplateLanguage;
  category: 'UTILITY';
  parameter_format: 'POSITIONAL';
  components: Array<
    | { type: 'BODY'; text: string; example: { body_text: [string[]] } }
    | { type: 'FOOTER'; text: string }
    | { type: 'BUTTONS'; buttons: TemplateButton[] }
  >;
}

/** What each template's `{{1}}`, `{{2}}`, … are, in order (the sender fills them in its language). */
export const TEMPLATE_PARAMETERS: Record<TemplateName, readonly string[]> = {
  order_placed: ['name', 'order id', 'order total, e.g. ₹1,250'],
  order_shipped: ['name', 'order id', 'waybill', 'expected delivery date'],
  out_for_delivery: ['name', 'order id', 'what to pay on delivery: "₹1,250 in cash", or "nothing, paid online"'],
  delivery_failed: ['name', 'order id', "the courier's note"],
  order_delivered: ['name', 'order id'],
  order_cancelled: ['name', 'order id'],
  refund_done: ['name', 'amount refunded', 'order id', 'refund reference'],
  cod_confirm: ['name', 'order id', 'the cash to pay on delivery, e.g. ₹1,250'],
};

/** The page where a shopper follows a parcel (the order id and phone are asked there). */
export const TRACK_URL = 'https://orangutanorganics.in/track';

const FOOTER = 'Orang Utan Organics';

/**
 * The quick replies of `delivery_failed`, by index: the notifier sends each a payload
 * (`NDR_<CHOICE>:<orderId>`), and a tap comes back with it (webhook-events.ts, `quick_reply`).
 */
export const DELIVERY_FAILED_CHOICES = ['deliver_tomorrow', 'change_address', 'cancel'] as const;

function utility(
  name: TemplateName,
  language: TemplateLanguage,
  body: string,
  example: string[],
  buttons: TemplateButton[] = [],
): TemplateDefinition {
  return {
    name,
    language,
    category: 'UTILITY',
    parameter_format: 'POSITIONAL',
    components: [
      { type: 'BODY', text: body, example: { body_text: [example] } },
      { type: 'FOOTER', text: FOOTER },
      ...(buttons.length > 0 ? [{ type: 'BUTTONS' as const, buttons }] : []),
    ],
  };
}

const track = (text: string): TemplateButton => ({ type: 'URL', text, url: TRACK_URL });
const replies = (...texts: string[]): TemplateButton[] => texts.map((text) => ({ type: 'QUICK_REPLY', text }));

export const TEMPLATES: readonly TemplateDefinition[] = [
  utility(
    'order_placed',
    'en',
    'Hi {{1}}, we have received your order {{2}} for {{3}}. We will message you here when it is shipped.',
    ['Asha', 'OUO_1042', '₹1,250'],
  ),
  utility('order_placed', 'hi', 'नमस्ते {{1}}, आपका ऑर्डर {{2}} ({{3}}) हमें मिल गया है। पार्सल भेजते ही हम आपको यहीं बताएँगे।', [
    'आशा',
    'OUO_1042',
    '₹1,250',
  ]),
  utility(
    'order_shipped',
    'en',
    'Hi {{1}}, your order {{2}} has been handed to Delhivery, tracking number {{3}}. Expected delivery: {{4}}. You can follow it on our tracking page.',
    ['Asha', 'OUO_1042', '1234567890123', '29 Nov'],
    [track('Track order')],
  ),
  utility(
    'order_shipped',
    'hi',
    'नमस्ते {{1}}, आपका ऑर्डर {{2}} Delhivery को सौंप दिया गया है, ट्रैकिंग नंबर {{3}}। डिलीवरी की संभावित तारीख: {{4}}। आप इसे हमारे ट्रैकिंग पेज पर देख सकते हैं।',
    ['आशा', 'OUO_1042', '1234567890123', '29 नवंबर'],
    [track('ऑर्डर ट्रैक करें')],
  ),
  utility(
    'out_for_delivery',
    'en',
    'Hi {{1}}, your order {{2}} is out for delivery today. To pay on delivery: {{3}}. If you will not be there, reply to this message.',
    ['Asha', 'OUO_1042', '₹1,250 in cash'],
  ),
  utility(
    'out_for_delivery',
    'hi',
    'नमस्ते {{1}}, आपका ऑर्डर {{2}} आज डिलीवरी के लिए निकल चुका है। डिलीवरी पर देना है: {{3}}। अगर आप उस समय नहीं होंगे, तो इस मैसेज का जवाब दें।',
    ['आशा', 'OUO_1042', '₹1,250 नकद'],
  ),
  utility(
    'delivery_failed',
    'en',
    'Hi {{1}}, Delhivery could not deliver your order {{2}} today. The courier noted: {{3}}. What should we do next?',
    ['Asha', 'OUO_1042', 'Consignee unavailable'],
    replies('Deliver tomorrow', 'Change address', 'Cancel order'),
  ),
  utility(
    'delivery_failed',
    'hi',
    'नमस्ते {{1}}, Delhivery आज आपका ऑर्डर {{2}} नहीं पहुँचा सकी। कूरियर ने लिखा: {{3}}। अब हम क्या करें?',
    ['आशा', 'OUO_1042', 'Consignee unavailable'],
    replies('कल डिलीवर करें', 'पता बदलना है', 'ऑर्डर रद्द करें'),
  ),
  utility(
    'order_delivered',
    'en',
    'Hi {{1}}, your order {{2}} has been delivered. If anything is not right with it, reply to this message.',
    ['Asha', 'OUO_1042'],
  ),
  utility(
    'order_delivered',
    'hi',
    'नमस्ते {{1}}, आपका ऑर्डर {{2}} डिलीवर हो गया है। अगर इसमें कुछ भी ठीक न हो, तो इस मैसेज का जवाब दें।',
    ['आशा', 'OUO_1042'],
  ),
  utility(
    'order_cancelled',
    'en',
    'Hi {{1}}, your order {{2}} has been cancelled. If you paid online, we will refund you and message you here when it is done.',
    ['Asha', 'OUO_1042'],
  ),
  utility(
    'order_cancelled',
    'hi',
    'नमस्ते {{1}}, आपका ऑर्डर {{2}} रद्द कर दिया गया है। अगर आपने ऑनलाइन भुगतान किया था, तो पैसे वापस होने पर हम आपको यहीं बताएँगे।',
    ['आशा', 'OUO_1042'],
  ),
  utility(
    'refund_done',
    'en',
    'Hi {{1}}, we have refunded {{2}} for your order {{3}} (reference {{4}}). Your bank may take 5–7 working days to show it.',
    ['Asha', '₹1,250', 'OUO_1042', 'rfnd_29QQoUBi66xm2f'],
  ),
  utility(
    'refund_done',
    'hi',
    'नमस्ते {{1}}, आपके ऑर्डर के {{2}} वापस कर दिए गए हैं। ऑर्डर: {{3}}, रेफ़रेंस: {{4}}। बैंक खाते में दिखने में 5–7 कामकाजी दिन लग सकते हैं।',
    ['आशा', '₹1,250', 'OUO_1042', 'rfnd_29QQoUBi66xm2f'],
  ),
  // Issue 34: a COD order ships once its shopper confirms it (rule 17); the buttons come back as
  // `COD_CONFIRM:<id>` and `COD_CANCEL:<id>` (netlify/lib/whatsapp/cod-answers.ts).
  utility(
    'cod_confirm',
    'en',
    'Hi {{1}}, please confirm your cash on delivery order {{2}}: you pay {{3}} when it arrives. We pack and ship it once you confirm.',
    ['Asha', 'OUO_1042', '₹1,250'],
    replies('Confirm order', 'Cancel order'),
  ),
  utility(
    'cod_confirm',
    'hi',
    'नमस्ते {{1}}, कृपया अपने कैश ऑन डिलीवरी ऑर्डर {{2}} की पुष्टि करें: सामान मिलने पर आपको {{3}} देने होंगे। पुष्टि मिलते ही हम इसे पैक करके भेज देंगे।',
    ['आशा', 'OUO_1042', '₹1,250'],
    replies('ऑर्डर की पुष्टि करें', 'ऑर्डर रद्द करें'),
  ),
];
