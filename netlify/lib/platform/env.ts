/**
 * The functions' environment, read once and validated. Every outside system is optional: when its
 * variables are unset, the embedded local default runs instead (docs/shop-rules.md §11).
 */
import { z } from 'zod';
import { onLocalMachine } from './local-machine.ts';

const optional = z
  .string()
  .trim()
  .transform((value) => value || undefined)
  .optional();

export const serverEnvSchema = z.object({
  /** Netlify's deploy context: 'production', 'deploy-preview', 'branch-deploy' or 'dev'. */
  CONTEXT: z.string().default('dev'),
  /**
   * The site's main address, set by Netlify; links in the confirmation email start with it. The
   * default is what `npm start` serves.
   */
  URL: z.url().default('http://localhost:8888'),
  RAZORPAY_KEY_ID: optional,
  RAZORPAY_KEY_SECRET: optional,
  RAZORPAY_WEBHOOK_SECRET: optional,
  /** Razorpay's API host; contract tests point it at a fake upstream. */
  RAZORPAY_BASE_URL: z.url().default('https://api.razorpay.com'),
  DELHIVERY_TOKEN: optional,
  DELHIVERY_BASE_URL: z.url().default('https://track.delhivery.com'),
  /** How long a simulated day lasts for the local carrier's scans (tests watch a parcel arrive in seconds). */
  LOCAL_CARRIER_DAY_SECONDS: z.coerce
    .number()
    .positive()
    .default(24 * 60 * 60),
  SHEETS_WEBHOOK_URL: z
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  SHEETS_WEBHOOK_SECRET: optional,
  SHEET_ID: optional,
  /** Where the embedded sheet (CSV files, one per tab) lives when no sheet is configured. */
  LOCAL_SHEETS_DIR: z.string().default('.data/sheets'),
  /**
   * Resend, the shop's mail provider (netlify/lib/mail/resend.ts, decision 032): an API key with
   * sending access. Set: every email goes through Resend; unset, the Apps Script's MailApp as before.
   */
  RESEND_API_KEY: optional,
  /** The sender's address on the domain verified in Resend (docs/deploy.md), e.g. `orders@mail.example.in`. */
  RESEND_FROM: optional,
  /** The webhook's signing secret (`whsec_…`, Resend's webhook page): /api/email/webhook answers 503 without it. */
  RESEND_WEBHOOK_SECRET: optional,
  /** Where Resend's API is (a fake one in contract tests). */
  RESEND_BASE_URL: z.url().default('https://api.resend.com'),
  /** Where the local stand-in writes each confirmation email (`<orderId>.html`) when no web app is set. */
  LOCAL_MAIL_DIR: z.string().default('.data/mail'),
  /** Where the local WhatsApp outbox writes each message, outside production (netlify/lib/whatsapp/sender.ts). */
  LOCAL_WHATSAPP_DIR: z.string().default('.data/whatsapp'),
  /** Where the embedded default keeps a copy of each GST invoice and credit note (netlify/lib/invoices). */
  LOCAL_INVOICES_DIR: z.string().default('.data/invoices'),
  /** Meta's WhatsApp Cloud API (netlify/lib/whatsapp): a system-user token and the business number's id. */
  WHATSAPP_TOKEN: optional,
  WHATSAPP_PHONE_NUMBER_ID: optional,
  /**
   * The WhatsApp Business Account's id (the WABA, not the number's): only `npm run
   * whatsapp:templates` reads it, to create the templates (netlify/lib/whatsapp/template-admin.ts).
   */
  WHATSAPP_BUSINESS_ACCOUNT_ID: optional,
  /** The Graph API version every call names; pinned (cloud-api.ts) unless set. */
  WHATSAPP_API_VERSION: optional,
  /** Where the Graph API is (a fake one in contract tests); Meta's by default. */
  WHATSAPP_BASE_URL: optional,
  /** Signs every POST of WhatsApp's webhook (`X-Hub-Signature-256`); without it the webhook answers 503. */
  WHATSAPP_APP_SECRET: optional,
  /** What Meta's webhook handshake must show (`hub.verify_token`); without it the handshake is refused. */
  WHATSAPP_VERIFY_TOKEN: optional,
  /**
   * `off`: COD orders ship without asking the shopper to confirm (docs/shop-rules.md §10 rule 17),
   * for a shop that confirms by phone itself, and for tests about other things. Otherwise they are
   * asked wherever the shop hears WhatsApp.
   */
  COD_CONFIRMATION: z.enum(['on', 'off']).default('on'),
  /**
   * The Sanity webhook's secret: `/api/content-published` takes only calls signed with it
   * (docs/deploy.md). Unset: every call is refused.
   */
  SANITY_WEBHOOK_SECRET: optional,
  /** Netlify's build hook, called once per burst of publishes (netlify/lib/content/rebuild.ts). */
  NETLIFY_BUILD_HOOK_URL: z
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** The local test gateway's signing secret, generated on first use (never in the code). */
  LOCAL_GATEWAY_SECRET_FILE: z.string().default('.data/local-gateway.secret'),
  /** How long the local test gateway's refunds stay `pending` before they are `processed` (or `failed`). */
  LOCAL_GATEWAY_REFUND_SECONDS: z.coerce.number().min(0).default(2),
  /** `off`: the local test gateway sends no refund events to the site's webhook (the unit tests, which catch none). */
  LOCAL_GATEWAY_REFUND_EVENTS: z.enum(['on', 'off']).default('on'),
  /**
   * Signs the Sheet's label links (netlify/lib/labels/link.ts). Unset: in production no link is
   * made and /api/label answers 503; elsewhere a secret made on first use in LABEL_LINK_SECRET_FILE.
   */
  LABEL_LINK_SECRET: optional,
  LABEL_LINK_SECRET_FILE: z.string().default('.data/label-link.secret'),
  /**
   * Signs the Sheet's staff actions (POST /api/staff/action; netlify/lib/orders/staff-request.ts),
   * shared with the Apps Script. Unset: in production the endpoint answers 503; elsewhere a secret
   * made on first use in STAFF_ACTION_SECRET_FILE (the development page signs with it).
   */
  STAFF_ACTION_SECRET: optional,
  STAFF_ACTION_SECRET_FILE: z.string().default('.data/staff-action.secret'),
  /**
   * `off`: no phone history is kept or read, so the COD rules about a phone's earlier orders say
   * nothing (netlify/lib/orders/phone-history.ts). For the end-to-end server and the bench, which
   * place hundreds of orders from one phone; production ignores it (docs/shop-rules.md §10 rule 17).
   */
  COD_PHONE_HISTORY: z.enum(['on', 'off']).default('on'),
});
export type ServerEnv = z.infer<typeof serverEnvSchema>;

export function readServerEnv(source: Record<string, string | undefined> = process.env): ServerEnv {
  return serverEnvSchema.parse(source);
}

export function isProduction(env: ServerEnv): boolean {
  return env.CONTEXT === 'production';
}

/** Razorpay is in use only when both keys are set; otherwise the local test gateway, where allowed. */
export function razorpayConfigured(env: ServerEnv): boolean {
  return Boolean(env.RAZORPAY_KEY_ID && env.RAZORPAY_KEY_SECRET);
}

/**
 * Where the local test gateway (and the development staff desk, which signs with this machine's
 * secrets) may stand in: only on a developer's own machine (`onLocalMachine`: never on a deploy,
 * whose previews share the order log with production), never with `CONTEXT=production`, and never
 * beside a real downstream system — with the staff's Sheet or Delhivery configured, a test
 * "payment" would be recorded and booked as paid.
 */
export function localGatewayAllowed(env: ServerEnv): boolean {
  return onLocalMachine() && !isProduction(env) && !env.SHEETS_WEBHOOK_URL && !env.DELHIVERY_TOKEN;
}

export type MailerKind = 'resend' | 'apps-script' | 'local' | 'off';

/**
 * Which sender the shop's emails go through (netlify/lib/mail/client.ts, /api/health): Resend when
 * its key is set, else the Apps Script's MailApp, else nothing in production, else the local files.
 */
export function mailerKind(
  env: Pick<ServerEnv, 'SHEETS_WEBHOOK_URL'> & Partial<Pick<ServerEnv, 'RESEND_API_KEY' | 'CONTEXT'>>,
): MailerKind {
  if (env.RESEND_API_KEY) return 'resend';
  if (env.SHEETS_WEBHOOK_URL) return 'apps-script';
  return env.CONTEXT === 'production' ? 'off' : 'local';
}

/** Why online payment is off here, in words for the log and /api/health. */
export function paymentsOffReason(env: ServerEnv): string {
  if (isProduction(env)) return 'Online payments are not configured (RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET).';
  if (!onLocalMachine())
    return "The local test gateway runs only on a developer's machine (npm run dev, npm start -- --dev-tools); set RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET (test keys on previews).";
  return 'The local test gateway is off because a real Sheet or Delhivery is configured here; set RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET (test keys on previews).';
}
