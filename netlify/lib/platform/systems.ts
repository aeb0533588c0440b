/**
 * Which outside systems run for real and which on their local stand-ins (docs/shop-rules.md §11),
 * for /api/health. Production on any stand-in is a misconfiguration to shout about: orders are
 * still kept in the order log and forwarded once the variables are set.
 */
import { localGatewayAllowed, type MailerKind, mailerKind, razorpayConfigured, type ServerEnv } from './env.ts';

export type Mode = 'real' | 'local';

export interface SystemReport {
  /** `payments: 'off'`: no Razorpay keys where the local test gateway is not allowed (production, or beside a real Sheet or Delhivery). */
  systems: {
    content: Mode;
    payments: Mode | 'off';
    webhook: 'real' | 'off';
    carrier: Mode;
    sheet: Mode;
    reviews: Mode;
    /**
     * Order updates on WhatsApp (optional, so never among `missing`): Meta's Cloud API, the local
     * outbox, or off (production without WHATSAPP_TOKEN and WHATSAPP_PHONE_NUMBER_ID).
     */
    whatsapp: Mode | 'off';
    /**
     * Where the shop's emails go (optional beside the Sheet's web app, so never among `missing`):
     * Resend, the Apps Script's MailApp (Google's daily quota), the local files, or off.
     */
    email: MailerKind;
  };
  /** The variables production still needs, empty when every system is real. */
  missing: string[];
}

export function systemReport(env: ServerEnv, contentSource: 'sanity' | 'bundled'): SystemReport {
  const checks: [Exclude<keyof SystemReport['systems'], 'whatsapp' | 'email'>, boolean, string[]][] = [
    ['content', contentSource === 'sanity', ['SANITY_PROJECT_ID']],
    ['payments', razorpayConfigured(env), ['RAZORPAY_KEY_ID', 'RAZORPAY_KEY_SECRET']],
    ['webhook', Boolean(env.RAZORPAY_WEBHOOK_SECRET), ['RAZORPAY_WEBHOOK_SECRET']],
    ['carrier', Boolean(env.DELHIVERY_TOKEN), ['DELHIVERY_TOKEN']],
    [
      'sheet',
      Boolean(env.SHEETS_WEBHOOK_URL && env.SHEETS_WEBHOOK_SECRET),
      ['SHEETS_WEBHOOK_URL', 'SHEETS_WEBHOOK_SECRET'],
    ],
    ['reviews', Boolean(env.SHEET_ID), ['SHEET_ID']],
  ];
  const fromChecks = Object.fromEntries(
    checks.map(([name, real]) => [name, real ? 'real' : name === 'webhook' ? 'off' : 'local']),
  ) as Omit<SystemReport['systems'], 'whatsapp' | 'email'>;
  const whatsapp =
    env.WHATSAPP_TOKEN && env.WHATSAPP_PHONE_NUMBER_ID ? 'real' : env.CONTEXT === 'production' ? 'off' : 'local';
  const systems: SystemReport['systems'] = { ...fromChecks, whatsapp, email: mailerKind(env) };
  if (systems.payments === 'local' && !localGatewayAllowed(env)) systems.payments = 'off';
  const missing = checks.flatMap(([, real, variables]) =>
    real ? [] : variables.filter((variable) => !env[variable as keyof ServerEnv]),
  );
  return { systems, missing: missing.length > 0 ? missing : [] };
}
