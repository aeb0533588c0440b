/**
 * The development pages (the staff desk, the WhatsApp outbox) and what staff read: the shared
 * words and the staff's (docs/architecture.md, "Texts").
 */
import { shared } from './index.ts';
import { label } from './label.ts';
import { reader } from './read.ts';
import { staff } from './staff.ts';
import { staffDesk } from './staff-desk.ts';
import { whatsappOutbox } from './whatsapp-outbox.ts';

export const text = /* @__PURE__ */ reader({ ...shared, label, staff, staffDesk, whatsappOutbox });
