/**
 * The one sender of the shop's confirmation emails (docs/shop-rules.md §11): the staff's Apps
 * Script web app, which mails from the shop's Google account (`MailApp`), when `SHEETS_WEBHOOK_URL`
 * is set; in production without it nothing is sent and the email waits (`NOT_CONFIGURED`, retried);
 * elsewhere the local stand-in writes each email as `<LOCAL_MAIL_DIR>/<orderId>.html`. Both sides
 * send an order's email at most once: a repeat answers `duplicate`.
 */
import type { MailResult, OrderEmail } from '../orders/types.ts';
import type { ServerEnv } from '../platform/env.ts';
import { failure } from '../platform/outcome.ts';
import { postToAppsScript, SHEETS_TIMEOUT_MS } from '../sheets/apps-script.ts';
import { localMailWriter } from './local.ts';

export interface Mailer {
  kind: 'apps-script' | 'local' | 'off';
  sendOrderEmail(email: OrderEmail): Promise<MailResult>;
}

export type MailEnv = Pick<ServerEnv, 'SHEETS_WEBHOOK_URL' | 'SHEETS_WEBHOOK_SECRET' | 'LOCAL_MAIL_DIR'> &
  Partial<Pick<ServerEnv, 'CONTEXT'>>;

export function createMailer(
  env: MailEnv,
  fetchImpl: typeof fetch = fetch,
  options: { timeoutMs?: number } = {},
): Mailer {
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
  if (env.CONTEXT === 'production') {
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
