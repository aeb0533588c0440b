/**
 * Meta's WhatsApp Cloud API over fetch (issue 33): a template message and a free-form text inside
 * an open 24-hour window, both `POST /<version>/<PHONE_NUMBER_ID>/messages` with a Bearer token.
 * Three calls need no SDK. `baseUrl` points it at a fake Graph API in contract tests. Nothing here
 * throws: every answer is an outcome, and a failure says whether a retry can help (`retry`) and
 * what kind of failure it is (`kind`), read from Meta's `error.code` — never from its message,
 * which Meta may reword.
 *
 * Documented shapes (docs/research/whatsapp-cloud-api.md §1): the send request
 * (developers.facebook.com/documentation/business-messaging/whatsapp/messages/text-messages and the
 * template object of Meta's Node SDK docs), the success answer `{ messaging_product, contacts:
 * [{ input, wa_id }], messages: [{ id, message_status? }] }` (whatsapp-api-js
 * `ServerSentMessageResponse`), and the error answer `{ error: { message, type, code, error_data:
 * { messaging_product, details }, fbtrace_id } }` (Meta's error-code page,
 * .../whatsapp/support/error-codes). HTTP statuses per code are not documented: the code decides.
 */
import { z } from 'zod';
import { indianMobile } from '#shop/phone.ts';
import type { FailureCode } from '../platform/outcome.ts';

/** The Graph API version every call names (pinned: from v24.0 status webhooks lose `conversation`). */
export const WHATSAPP_API_VERSION = 'v23.0';
export const GRAPH_BASE_URL = 'https://graph.facebook.com';

export interface CloudApiConfig {
  /** A system-user access token (`WHATSAPP_TOKEN`); a temporary token expires (error 190). */
  token: string;
  /** `WHATSAPP_PHONE_NUMBER_ID`: the business number's id, not the number itself. */
  phoneNumberId: string;
  /** `WHATSAPP_API_VERSION`, default `WHATSAPP_API_VERSION`. */
  apiVersion?: string | undefined;
  /** `https://graph.facebook.com` unless said otherwise. */
  baseUrl?: string | undefined;
}

/** A quick-reply button's payload (what a tap sends back) or a URL button's `{{1}}` suffix. */
export type TemplateButton =
  | { type: 'quick_reply'; index: number; payload: string }
  | { type: 'url'; index: number; suffix: string };

export interface TemplateMessage {
  /** The shopper's number as Meta wants it: `91XXXXXXXXXX` (`toWhatsAppNumber`). */
  to: string;
  template: string;
  /** The language the template was approved in (`en`, `hi`); another one is error 132001. */
  language: string;
  /** The body's `{{1}}`, `{{2}}`, … in order. */
  parameters: readonly string[];
  buttons?: readonly TemplateButton[];
  /** Sent as `biz_opaque_callback_data`: Meta hands it back on each status webhook (the order id). */
  callbackData?: string;
}

export interface TextMessage {
  to: string;
  /** At most 4096 characters (Meta's text-messages page). */
  body: string;
  callbackData?: string;
}

/**
 * Why a send failed, in the shop's words:
 * - `outside_window`: 131047, free-form more than 24 h after the shopper last wrote — send a template;
 * - `undeliverable`: 131026 (not on WhatsApp, old app, terms not accepted), 131049 (Meta chose not to
 *   deliver), 131050 (the user stopped such messages), 131048 (spam limit) — fall back to email;
 * - `unsupported`: 131051, a message type WhatsApp does not take;
 * - `template`: 132000–132999, the template's name, language, parameters or state;
 * - `bad_request`: 100, 131008, 131009 — our request is wrong;
 * - `account`: 0, 3, 10, 190, 200–299, 368, 131030, 131031, 131042 — the token, permissions or the
 *   business account; staff must act;
 * - `throttled`: 4, 80007, 130429, 131056 — too many too fast; retry later;
 * - `unavailable`: a 5xx, 1, 2, 131000, 131016, no answer, or an answer we cannot read; retry.
 * Any other code Meta refuses with is `refused`, not retried.
 */
export type SendFailureKind =
  | 'outside_window'
  | 'undeliverable'
  | 'unsupported'
  | 'template'
  | 'bad_request'
  | 'account'
  | 'throttled'
  | 'unavailable'
  | 'refused';

export interface SendFailure {
  ok: false;
  code: Extract<FailureCode, 'REFUSED' | 'UNREACHABLE'>;
  kind: SendFailureKind;
  /** Whether the same message, sent again later, may go through. */
  retry: boolean;
  message: string;
  /** Meta's `error.code`, when it gave one. */
  metaCode?: number;
  /** Meta's `fbtrace_id`, for a support ticket. */
  fbtraceId?: string;
}

export type SendAnswer = { ok: true; messageId: string; waId?: string } | SendFailure;

export interface CloudApi {
  sendTemplate(message: TemplateMessage): Promise<SendAnswer>;
  sendText(message: TextMessage): Promise<SendAnswer>;
}

const sentSchema = z.object({ id: z.string().min(1), message_status: z.string().optional() });

/** The documented success answer; `contacts[0].wa_id` may be missing (a user addressed by BSUID). */
export const sentMessageSchema = z.object({
  messaging_product: z.literal('whatsapp').optional(),
  contacts: z.array(z.object({ input: z.string().optional(), wa_id: z.string().optional() })).optional(),
  messages: z.tuple([sentSchema], sentSchema),
});

/** The documented error answer; `error_subcode` is deprecated (absent from v16.0) and not read. */
export const graphErrorSchema = z.object({
  error: z.object({
    message: z.string().optional(),
    type: z.string().optional(),
    code: z.number().int(),
    error_data: z.object({ messaging_product: z.string().optional(), details: z.string().optional() }).optional(),
    fbtrace_id: z.string().optional(),
  }),
});

/** Meta's error answer in a line (`: (#131026) <details>`), its code and trace id; empty when unreadable. */
export function readGraphError(body: unknown): { said: string; code?: number; fbtraceId?: string } {
  const error = graphErrorSchema.safeParse(body);
  if (!error.success) return { said: '' };
  const { code, error_data, message, fbtrace_id } = error.data.error;
  return {
    said: `: (#${code}) ${error_data?.details ?? message ?? ''}`.trimEnd(),
    code,
    ...(fbtrace_id ? { fbtraceId: fbtrace_id } : {}),
  };
}

const KINDS: ReadonlyArray<[SendFailureKind, (code: number) => boolean]> = [
  ['outside_window', (code) => code === 131047],
  ['undeliverable', (code) => [131026, 131048, 131049, 131050].includes(code)],
  ['unsupported', (code) => code === 131051],
  ['template', (code) => code >= 132000 && code <= 132999],
  ['bad_request', (code) => [100, 131008, 131009].includes(code)],
  ['account', (code) => [0, 3, 10, 190, 368, 131030, 131031, 131042].includes(code) || (code >= 200 && code <= 299)],
  ['throttled', (code) => [4, 80007, 130429, 131056].includes(code)],
  ['unavailable', (code) => [1, 2, 131000, 131016].includes(code)],
];

const RETRYABLE: ReadonlySet<SendFailureKind> = new Set(['throttled', 'unavailable']);

/** The shop's reading of a Meta error code (and the HTTP status, when Meta gave no code). */
export function classifyGraphError(
  metaCode: number | undefined,
  status: number,
): Pick<SendFailure, 'code' | 'kind' | 'retry'> {
  const kind =
    metaCode === undefined
      ? status >= 500 || status === 429
        ? 'unavailable'
        : 'refused'
      : (KINDS.find(([, matches]) => matches(metaCode))?.[0] ?? (status >= 500 ? 'unavailable' : 'refused'));
  const retry = RETRYABLE.has(kind);
  return { code: retry ? 'UNREACHABLE' : 'REFUSED', kind, retry };
}

/**
 * A shopper's mobile as WhatsApp wants it: `91` and the ten digits, no `+` (the form Meta's webhooks
 * use for `wa_id`). The shop's one phone rule reads it (`indianMobile`: ten digits starting 6–9,
 * `+91`, `91`, `0`, spaces and dashes forgiven); anything else is no number, and nothing is sent.
 */
export function toWhatsAppNumber(phone: string): string | undefined {
  const national = indianMobile(phone);
  return national ? `91${national}` : undefined;
}

function templateComponents({ parameters, buttons = [] }: TemplateMessage) {
  const body =
    parameters.length > 0 ? [{ type: 'body', parameters: parameters.map((text) => ({ type: 'text', text })) }] : [];
  return [
    ...body,
    ...buttons.map((button) => ({
      type: 'button',
      sub_type: button.type,
      index: String(button.index),
      parameters: [
        button.type === 'quick_reply'
          ? { type: 'payload', payload: button.payload }
          : { type: 'text', text: button.suffix },
      ],
    })),
  ];
}

/** `https://graph.facebook.com/v23.0`: where every Graph call starts, the version pinned unless set. */
export function graphRoot(config: Pick<CloudApiConfig, 'apiVersion' | 'baseUrl'>): string {
  return `${(config.baseUrl ?? GRAPH_BASE_URL).replace(/\/+$/, '')}/${config.apiVersion ?? WHATSAPP_API_VERSION}`;
}

export function cloudApi(
  config: CloudApiConfig,
  fetchImpl: typeof fetch = (input, init) => fetch(input, init),
): CloudApi {
  const url = `${graphRoot(config)}/${encodeURIComponent(config.phoneNumberId)}/messages`;

  /**
   * One send. A failure after the request left (no answer, a timeout, a 200 we cannot read) is
   * `UNREACHABLE` with `retry`, yet Meta may have taken the message: sending it again can reach the
   * shopper twice, so the caller keys each message once (issue 33 §1), as for any lost answer.
   */
  const send = async (
    { to, callbackData }: { to: string; callbackData?: string | undefined },
    message: Record<string, unknown>,
  ): Promise<SendAnswer> => {
    const what = `WhatsApp ${String(message.type)} message`;
    let response: Response;
    try {
      response = await fetchImpl(url, {
        method: 'POST',
        headers: { authorization: `Bearer ${config.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          messaging_product: 'whatsapp',
          recipient_type: 'individual',
          to,
          ...message,
          ...(callbackData ? { biz_opaque_callback_data: callbackData } : {}),
        }),
        signal: AbortSignal.timeout(10_000),
      });
    } catch (error) {
      return unreachable(`${what} could not be sent: ${(error as Error).message}`);
    }
    const body: unknown = await response.json().catch(() => undefined);
    if (response.ok) {
      const sent = sentMessageSchema.safeParse(body);
      if (!sent.success)
        return unreachable(`${what}: Meta answered ${response.status} with a body not shaped as documented.`);
      const waId = sent.data.contacts?.[0]?.wa_id;
      return { ok: true, messageId: sent.data.messages[0].id, ...(waId ? { waId } : {}) };
    }
    const { said, code, fbtraceId } = readGraphError(body);
    return {
      ok: false,
      ...classifyGraphError(code, response.status),
      message: `${what}: Meta answered ${response.status}${said}`,
      ...(code === undefined ? {} : { metaCode: code }),
      ...(fbtraceId ? { fbtraceId } : {}),
    };
  };

  return {
    sendTemplate: (message) =>
      send(message, {
        type: 'template',
        template: {
          name: message.template,
          language: { code: message.language },
          components: templateComponents(message),
        },
      }),
    sendText: (message) => send(message, { type: 'text', text: { preview_url: false, body: message.body } }),
  };
}

function unreachable(message: string): SendFailure {
  return { ok: false, code: 'UNREACHABLE', kind: 'unavailable', retry: true, message };
}
