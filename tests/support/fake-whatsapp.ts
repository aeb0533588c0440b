/**
 * A fake Graph API for WhatsApp's `POST /<version>/<PHONE_NUMBER_ID>/messages`, as msw handlers:
 * it checks each request as Meta documents it (Bearer token, `messaging_product: 'whatsapp'`, `to`
 * as digits, a `template` with `name`, `language.code` and components, or a `text` with `body`) and
 * answers in Meta's documented shapes (docs/research/whatsapp-cloud-api.md §1.3–1.4):
 * - success `{ messaging_product, contacts: [{ input, wa_id }], messages: [{ id: 'wamid.…', message_status: 'accepted' }] }`;
 * - an error `{ error: { message: '(#<code>) <title>', type: 'OAuthException', code, error_data:
 *   { messaging_product, details }, fbtrace_id } }` — a wrong token is 401 code 190, a request not
 *   shaped as documented 400 code 100, and a test scripts the next answer with `answerNext`
 *   (any error code, a 5xx, a body that is not Meta's, or no answer at all).
 * The HTTP status Meta uses per code is not documented; the fake uses 400 (429 for throughput).
 */
import { HttpResponse, http } from 'msw';
import { z } from 'zod';

export const FAKE_GRAPH_URL = 'https://graph.facebook.test';
export const FAKE_WHATSAPP = { token: 'fake-system-user-token', phoneNumberId: '106540352242922', apiVersion: 'v23.0' };

const parameterSchema = z.union([
  z.object({ type: z.literal('text'), text: z.string().min(1) }),
  z.object({ type: z.literal('payload'), payload: z.string().min(1) }),
]);

const componentSchema = z.union([
  z.object({ type: z.literal('body'), parameters: z.array(parameterSchema).min(1) }),
  z.object({
    type: z.literal('button'),
    sub_type: z.enum(['quick_reply', 'url']),
    index: z.string().regex(/^\d$/),
    parameters: z.array(parameterSchema).length(1),
  }),
]);

/** The send request as Meta's pages show it. */
export const sendRequestSchema = z.intersection(
  z.object({
    messaging_product: z.literal('whatsapp'),
    recipient_type: z.literal('individual'),
    to: z.string().regex(/^\d{8,15}$/),
    biz_opaque_callback_data: z.string().max(512).optional(),
  }),
  z.discriminatedUnion('type', [
    z.object({
      type: z.literal('template'),
      template: z.object({
        name: z.string().regex(/^[a-z0-9_]+$/),
        language: z.object({ code: z.string().min(2) }),
        components: z.array(componentSchema),
      }),
    }),
    z.object({
      type: z.literal('text'),
      text: z.object({ body: z.string().min(1).max(4096), preview_url: z.boolean().optional() }),
    }),
  ]),
);
export type SendRequest = z.infer<typeof sendRequestSchema>;

/** Meta's error answer for `code` (the titles are Meta's error-code table's). */
export function graphError(code: number, status = code === 130429 ? 429 : 400) {
  return HttpResponse.json(
    {
      error: {
        message: `(#${code}) ${TITLES[code] ?? 'Error'}`,
        type: 'OAuthException',
        code,
        error_data: { messaging_product: 'whatsapp', details: DETAILS[code] ?? TITLES[code] ?? 'Error' },
        fbtrace_id: 'AazPr6vCvtPV9NRu2cKoG4A',
      },
    },
    { status },
  );
}

const TITLES: Record<number, string> = {
  100: 'Invalid parameter',
  190: 'Access token has expired',
  130429: 'Rate limit hit',
  131026: 'Message undeliverable',
  131047: 'Re-engagement message',
  131051: 'Unsupported message type',
  131056: '(Business Account, Consumer Account) pair rate limit hit',
  132000: 'Number of parameters does not match the expected number of params',
  132001: 'Template name does not exist in the translation',
};

const DETAILS: Record<number, string> = {
  131047:
    'Message failed to send because more than 24 hours have passed since the customer last replied to this number.',
};

export type ScriptedAnswer = Response | 'network-error';

export interface FakeWhatsApp {
  /** The msw handler to `server.use`. */
  handler: ReturnType<typeof http.post>;
  /** Every well-formed request the fake took, in order. */
  sent: SendRequest[];
  /** The next request gets this answer instead of the usual one (after its checks pass). */
  answerNext(answer: ScriptedAnswer): void;
}

export function fakeWhatsApp(config = FAKE_WHATSAPP, baseUrl = FAKE_GRAPH_URL): FakeWhatsApp {
  const sent: SendRequest[] = [];
  const scripted: ScriptedAnswer[] = [];
  let count = 0;
  const handler = http.post(`${baseUrl}/${config.apiVersion}/${config.phoneNumberId}/messages`, async ({ request }) => {
    if (request.headers.get('authorization') !== `Bearer ${config.token}`) return graphError(190, 401);
    const parsed = sendRequestSchema.safeParse(await request.json().catch(() => undefined));
    if (!parsed.success) return graphError(100);
    const next = scripted.shift();
    if (next === 'network-error') return HttpResponse.error();
    if (next) return next;
    sent.push(parsed.data);
    count += 1;
    return HttpResponse.json({
      messaging_product: 'whatsapp',
      contacts: [{ input: parsed.data.to, wa_id: parsed.data.to }],
      messages: [{ id: `wamid.FAKE${String(count).padStart(6, '0')}`, message_status: 'accepted' }],
    });
  });
  return { handler, sent, answerNext: (answer) => void scripted.push(answer) };
}
