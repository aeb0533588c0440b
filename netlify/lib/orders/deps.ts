/** Wires the order service to the real (or embedded local) outside systems, from the environment. */
import { codRuleSettings } from '#shop/cod/index.ts';
import { content } from '../../../src/content/content.server.ts';
import { sectionParagraphs } from '../../../src/content/policy-sections.ts';
import { createDelhivery } from '../delhivery/client.ts';
import { localInvoiceCopies } from '../invoices/local-copies.ts';
import { labelLinkMaker } from '../labels/link.ts';
import { createMailer } from '../mail/client.ts';
import { blobStore } from '../platform/blobs.ts';
import { database } from '../platform/database.ts';
import { isProduction, readServerEnv, type ServerEnv } from '../platform/env.ts';
import { onLocalMachine } from '../platform/local-machine.ts';
import { createGateway, type GatewayChoice } from '../razorpay/gateway.ts';
import { createSheets } from '../sheets/client.ts';
import { whatsappBook } from '../whatsapp/book.ts';
import { webhookAppSecret } from '../whatsapp/local-phone.ts';
import { createWhatsApp } from '../whatsapp/sender.ts';
import { createOrderLog } from './order-log.ts';
import { NO_PHONE_HISTORY, phoneHistory } from './phone-history.ts';
import { SHEET_BATCH } from './sheet-kind.ts';
import type { OrderDeps, ShopSettingsForOrders } from './types.ts';

export const LOCAL_GATEWAY_STORE = 'local-gateway';

/**
 * What the order service needs of the shop settings: the money rules, the pickup point, who the
 * confirmation email comes from, and what its GST invoices print (none until the Studio has them).
 */
export async function orderSettings(): Promise<ShopSettingsForOrders> {
  const [settings, whatHappensNext, gst] = await Promise.all([
    content().settings(),
    content().whatHappensNext(),
    content().invoiceSettings(),
  ]);
  return {
    whatHappensNext: sectionParagraphs(whatHappensNext),
    freeShippingThreshold: settings.freeShippingThreshold,
    codCharge: settings.codCharge,
    codRules: codRuleSettings(settings.codRules ?? {}),
    pickup: settings.pickup,
    shop: {
      name: settings.shopName,
      email: settings.contactEmail,
      phone: settings.contactPhone,
      whatsappNumber: settings.whatsappNumber,
    },
    ...(gst ? { gst } : {}),
  };
}

export function createDeps(env: ServerEnv = readServerEnv()): OrderDeps {
  let gateway: GatewayChoice | undefined;
  const sheets = createSheets(env);
  return {
    log: createOrderLog(database()),
    catalogue: () => content().catalogue(),
    settings: orderSettings,
    gateway: () => {
      gateway ??= createGateway(env, () => blobStore(LOCAL_GATEWAY_STORE));
      return gateway;
    },
    sheets,
    // The Apps Script's quotas are why rows wait for a minute's batch; the local CSV files have none.
    sheetBatch: sheets.kind === 'apps-script' ? SHEET_BATCH : { ...SHEET_BATCH, everyMs: 0 },
    carrier: createDelhivery(env),
    mail: createMailer(env),
    whatsapp: createWhatsApp(env),
    whatsappBook: whatsappBook(database()),
    hearsWhatsApp: env.COD_CONFIRMATION === 'on' && webhookAppSecret(env) !== undefined,
    // Switched off only on a developer's machine (tests, the bench, the end-to-end server): every
    // deploy keeps it, whatever its variables say (issue 46).
    codHistory:
      env.COD_PHONE_HISTORY === 'off' && onLocalMachine() && !isProduction(env)
        ? NO_PHONE_HISTORY
        : phoneHistory(database()),
    siteUrl: env.URL,
    labelLink: labelLinkMaker(env),
    // Production keeps its invoices in the order log alone; elsewhere a copy goes to .data/invoices.
    ...(isProduction(env) ? {} : { keepInvoiceCopy: localInvoiceCopies(env.LOCAL_INVOICES_DIR) }),
    now: () => new Date(),
  };
}
