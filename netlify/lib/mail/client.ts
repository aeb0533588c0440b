/**
 * The one sender of the shop's emails (docs/shop-rules.md §11, decision 032): Resend when
 * `RESEND_API_KEY` is set (resend.ts, its idempotency key the email's id); else the staff's Apps
 * Script web app, which mails from the shop's Google account (`MailApp`) within Google's daily
 * quota, when `SHEETS_WEBHOOK_URL` is set; in production without either nothing is sent and the
 * email waits (`NOT_CONFIGURED`, retried); elsewhere the local stand-in writes each email as
 * `<LOCAL_MAIL_DIR>/<emailId>.html`. Every sender sends an email at most once per id.
 */
import type { MailResult, OrderEmail } from '../orders/types.ts';
import { type MailerKind, mailerKind, type ServerEnv } from '../platform/env.ts';
import { failure } from '../platform/outcome.ts';
import { postToAppsScript, SHEETS_TIMEOUT_MS } from '../sheets/apps-script.ts';
import { localMailWriter } from './local.ts';
import { RESEND_TIMEOUT_MS, resendSender } from './resend.ts';

export interface Mailer {
  kind: MailerKind;
  sendOrderEmail(email: OrderEmail): Promise<MailResult>;
}

export type MailEnv = Pick<ServerEnv, 'SHEETS_WEBHOOK_URL' | 'SHEETS_WEBHOOK_SECRET' | 'LOCAL_MAIL_DIR'> &
  Partial<Pick<ServerEnv, 'CONTEXT' | 'RESEND_API_KEY' | 'RESEND_FROM' | 'RESEND_BASE_URL'>>;

export function createMailer(
  env: MailEnv,
  fetchImpl: typeof fetch = fetch,
  options: { timeoutMs?: number } = {},
): Mailer {
  const kind = mailerKind(env);
  if (kind === 'resend') {
    const target = {
      apiKey: env.RESEND_API_KEY as string,
      from: env.RESEND_FROM,
      baseUrl: env.RESEND_BASE_URL ?? 'https://api.resend.com',
      fetchImpl,
      timeoutMs: options.timeoutMs ?? RESEND_TIMEOUT_MS,
    };
    return { kind, sendOrderEmail: logged(resendSender(target)) };
  }
  const url = env.SHEETS_WEBHOOK_URL;
  if (url) {
    const target = {
      url,
      secret: env.SHEETS_WEBHOOK_SECRET,
      fetchImpl,
      timeoutMs: options.timeoutMs ?? SHEETS_TIMEOUT_MS,
    };
    return {
      kind: 'apps-script',
      sendOrderEmail: logged((email) => postToAppsScript(target, { action: 'email', ...email }, 'the email')),
    };
  }
  if (kind === 'off') {
    // Production never writes to the function's own disk, nor pretends to have mailed: it waits.
    return {
      kind: 'off',
      sendOrderEmail: logged(async () => failure('NOT_CONFIGURED', 'SHEETS_WEBHOOK_URL is not set')),
    };
  }
  return { kind: 'local', sendOrderEmail: logged(localMailWriter(env.LOCAL_MAIL_DIR)) };
}

/** Every email not sent leaves a warning naming the order (never the shopper's address). */
function logged(send: Mailer['sendOrderEmail']): Mailer['sendOrderEmail'] {
  return async (email) => {
    const result = await send(email);
    if (!result.ok) console.warn(`Mail: ${email.emailId ?? email.orderId} not sent: ${result.message}`);
    return result;
  };
}
