/** What the order service needs from the world, and how its answers look. */
import type { Product } from '#shop/catalogue/index.ts';
import type { CodRuleSettings } from '#shop/cod/index.ts';
import type { CreditNote, Invoice, InvoiceSettings } from '#shop/invoice/index.ts';
import type { PaymentMode, ShippingRules } from '#shop/order/index.ts';
import type { ShipmentRecord } from '#shop/parcel/index.ts';
import type { Serviceability } from '#shop/pincodes/index.ts';
import type { CancelQuery, CancelShipmentResult, ShipmentResult } from '../delhivery/client.ts';
import type { ReattemptResult } from '../delhivery/ndr.ts';
import type { BulkTracker } from '../delhivery/tracking.ts';
import type { Failure, Outcome } from '../platform/outcome.ts';
import type { GatewayChoice } from '../razorpay/gateway.ts';
import type { SheetsClient } from '../sheets/client.ts';
import type { WhatsAppBook } from '../whatsapp/book.ts';
import type { WhatsAppSender } from '../whatsapp/sender.ts';
import type { OrderLog } from './order-log.ts';
import type { PhoneHistory } from './phone-history.ts';
import type { SheetBatchLimits } from './sheet-kind.ts';

/** Who the shopper hears from, and how to reach them (the shop settings). */
export interface ShopContact {
  name: string;
  email: string;
  phone: string;
  /** Digits only, with the country code (wa.me links). */
  whatsappNumber: string;
}

export interface ShopSettingsForOrders extends ShippingRules {
  /** The Delhivery pickup location, and the daily pickup request's cut-off and time (HH:MM, India). */
  pickup: { name: string; pincode: string; cutoff: string; time: string };
  shop: ShopContact;
  /** The shipping policy's dispatch and delivery paragraphs, as the order page shows them. */
  whatHappensNext: string[];
  /** The COD rules' switch and thresholds, the Studio's over the defaults (src/shop/cod/cod-rules.ts). */
  codRules: CodRuleSettings;
  /** The GST invoice's supplier, rates, charges' tax and signature; absent: invoicing not set up. */
  gst?: InvoiceSettings;
}

/** One order's confirmation, ready to send: from `name`, answered to `replyTo` (the shop). */
export interface OrderEmail {
  orderId: string;
  /**
   * Names this email, so it is sent once however often it is asked for: the order id for the
   * confirmation (the default), `<orderId>-<event>` for a parcel's news (netlify/lib/notify).
   */
  emailId?: string;
  to: string;
  subject: string;
  html: string;
  name: string;
  replyTo: string;
}

/**
 * `duplicate`: this order's email had been sent already (an earlier answer was lost), so nothing
 * was sent now; it counts as done.
 */
export type MailResult = Outcome<{ duplicate: boolean }> | MailRefusal;

/**
 * `permanent`: the provider refused this email as it is for good (an address it will not take):
 * retrying cannot help, so the email is given up at once and staff are told.
 */
type MailRefusal = Failure & { permanent: true };

export interface OrderDeps {
  log: OrderLog;
  catalogue: () => Promise<Product[]>;
  settings: () => Promise<ShopSettingsForOrders>;
  /** The payment gateway, or why there is none here (`NOT_CONFIGURED`): never a throw. */
  gateway: () => GatewayChoice;
  sheets: Pick<SheetsClient, 'writeOrders' | 'appendWhatsApp'>;
  /** How the Sheet's batches take turns (sheet-kind.ts); production's minute unless set. */
  sheetBatch?: SheetBatchLimits;
  /** Sends an order's confirmation email; never throws, a failure is a result to retry. */
  mail: {
    sendOrderEmail(email: OrderEmail): Promise<MailResult>;
  };
  /** Sends a WhatsApp template to a shopper who agreed to it; never throws (netlify/lib/whatsapp/sender.ts). */
  whatsapp: WhatsAppSender;
  /** Who replied STOP, and which order each sent WhatsApp message belongs to (netlify/lib/whatsapp/book.ts). */
  whatsappBook: WhatsAppBook;
  /**
   * Does the shop hear WhatsApp here (its webhook has an app secret: Meta's, or the development
   * phone's)? Only then is a COD order asked to be confirmed before it ships (docs/shop-rules.md
   * §10 rule 17): an order is never held for an answer that cannot arrive. `COD_CONFIRMATION=off`
   * turns the step off wherever.
   */
  hearsWhatsApp: boolean;
  /** Each phone's orders and their outcomes, for the COD rules (netlify/lib/orders/phone-history.ts). */
  codHistory: PhoneHistory;
  /** The site's main address (`URL`): the email links to the order's page there. */
  siteUrl: string;
  /**
   * A fresh signed link to a booked parcel's label, for the Sheet's `Label` column; undefined where
   * labels cannot be signed (production without LABEL_LINK_SECRET). Absent: no Label link.
   */
  labelLink?: (orderId: string) => string | undefined;
  carrier: {
    quoteRate(input: {
      originPin: string;
      destinationPin: string;
      grams: number;
      mode: PaymentMode;
    }): Promise<number | undefined>;
    /** Undefined when the carrier cannot be asked right now (the order is then taken). */
    checkPincode(pin: string): Promise<Serviceability | undefined>;
    createShipment(input: { shipment: ShipmentRecord; pickupName: string }): Promise<ShipmentResult>;
    /**
     * The carrier's scans of booked parcels, many at once (the parcel sync, the order page).
     * `bookedAt` lets the local stand-in simulate scans from the booking time.
     */
    trackParcels: BulkTracker;
    /** How long a parcel's stored state stays fresh before a shopper's page asks again. */
    parcelStaleMs: number;
    /** Cancels a booking before pickup; `tooLate` when the parcel has already moved (cancel.ts). */
    cancelShipment(query: CancelQuery): Promise<CancelShipmentResult>;
    /** NDR `RE-ATTEMPT` after a failed delivery (netlify/lib/delhivery/ndr.ts): queued, not applied. */
    requestReattempt(waybill: string): Promise<ReattemptResult>;
  };
  /** The local stand-in keeps a copy of each invoice and credit note under `.data/invoices/`; never throws. */
  keepInvoiceCopy?: (document: Invoice | CreditNote) => Promise<void>;
  now: () => Date;
}
