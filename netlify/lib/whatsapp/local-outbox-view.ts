/**
 * The local outbox as a phone shows it (`/dev/whatsapp`, issue 33 §7): each message the local
 * sender wrote (`.data/whatsapp/<orderId>-<event>.json`, sender.ts) rendered from its template in
 * its language (a free-form reply as its words), with the status the order log keeps for it (inbox.ts), beside what the shopper's
 * side sent back (kept under `shopper/`, so the page can show the whole conversation).
 */
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { awaitingConfirmation, confirmMessage } from '#shop/cod/index.ts';
import { phoneDigits } from '#shop/parcel/index.ts';
import type { DevWhatsAppChat } from '#shop/schemas/index.ts';
import type { OrderDeps } from '../orders/types.ts';
import { TEMPLATES } from './templates.ts';

/** A message as the local sender wrote it (sender.ts `localOutbox`). */
const outboxFileSchema = z.object({
  id: z.string(),
  orderId: z.string(),
  to: z.string(),
  template: z.string(),
  language: z.string(),
  parameters: z.array(z.string()),
  buttons: z.array(z.object({ index: z.number(), payload: z.string() })).optional(),
  /** A free-form reply's words (`template: 'text'`, sender.ts): shown as they are. */
  text: z.string().optional(),
  sentAt: z.string(),
});
export type OutboxMessage = z.infer<typeof outboxFileSchema>;

/** What the shopper's side sent, kept by the development phone. */
const shopperFileSchema = z.object({
  id: z.string(),
  phone: z.string(),
  name: z.string(),
  at: z.string(),
  text: z.string(),
  outcome: z.string(),
});
type ShopperRecord = z.infer<typeof shopperFileSchema>;

const SHOPPER_DIR = 'shopper';

/** The names of `dir`'s JSON files, in the order the folder lists them (none when it is missing). */
async function jsonNames(dir: string): Promise<string[]> {
  return (await readdir(dir).catch(() => [] as string[])).filter((name) => name.endsWith('.json'));
}

/** A file that reads as `schema`, or undefined (half written, edited by hand, gone). */
async function readJsonFile<T>(file: string, schema: z.ZodType<T>): Promise<T | undefined> {
  try {
    const parsed = schema.safeParse(JSON.parse(await readFile(file, 'utf8')));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** Every file of `dir` that reads as `schema`; one that does not (half written, by hand) is left out. */
async function readJsonFiles<T>(dir: string, schema: z.ZodType<T>): Promise<T[]> {
  const read = await Promise.all((await jsonNames(dir)).map((name) => readJsonFile(path.join(dir, name), schema)));
  return read.flatMap((parsed) => (parsed === undefined ? [] : [parsed]));
}

/** Every message of the outbox, as the local sender wrote them. */
const outboxMessages = (dir: string) => readJsonFiles(dir, outboxFileSchema);

/**
 * The first message of the outbox that `matches` (in the order the page lists them), read one file
 * at a time until it is found. The phone asks this for each thing it sends: reading the whole outbox
 * at once for each of 200 confirmations at once opened 40,000 files together, past the process's
 * limit of open files, which then refused connections (bench:orders' ECONNRESET).
 */
export async function findOutboxMessage(
  dir: string,
  matches: (message: OutboxMessage) => boolean,
): Promise<OutboxMessage | undefined> {
  for (const name of await jsonNames(dir)) {
    const message = await readJsonFile(path.join(dir, name), outboxFileSchema);
    if (message && matches(message)) return message;
  }
  return undefined;
}

/** Keeps what the shopper's side sent, and what the shop did with it. */
export async function keepShopperMessage(dir: string, record: ShopperRecord): Promise<void> {
  const folder = path.join(dir, SHOPPER_DIR);
  await mkdir(folder, { recursive: true });
  await writeFile(path.join(folder, `${record.id.replace(/[^\w-]/g, '_')}.json`), `${JSON.stringify(record)}\n`);
}

/** The template's words in the message's language, `{{n}}` filled in, and its buttons; a reply's own words. */
export function rendered(message: OutboxMessage) {
  if (message.text !== undefined) return { body: message.text, buttons: [] };
  const definition = TEMPLATES.find(
    (template) => template.name === message.template && template.language === message.language,
  );
  const body = definition?.components.find((component) => component.type === 'BODY')?.text ?? message.template;
  const buttons = definition?.components.find((component) => component.type === 'BUTTONS')?.buttons ?? [];
  return {
    body: body.replace(/\{\{(\d+)\}\}/g, (_all, n: string) => message.parameters[Number(n) - 1] ?? `{{${n}}}`),
    buttons: buttons.map((button, index) => ({
      text: button.text,
      ...(button.type === 'URL' ? { url: button.url } : {}),
      ...(button.type === 'QUICK_REPLY'
        ? { payload: message.buttons?.find((sent) => sent.index === index)?.payload }
        : {}),
    })),
  };
}

/** The newest status the order log keeps for a message (its notice, `whatsapp:<event>`), and whose it is. */
async function statusOf(deps: OrderDeps, message: OutboxMessage): Promise<{ status: string; name: string }> {
  const order = await deps.log.get(message.orderId);
  const notice = order?.notices?.[`whatsapp:${message.id.slice(message.orderId.length + 1)}`];
  return { status: notice?.delivery?.status ?? 'sent', name: order?.customer.name ?? '' };
}

/** A shopper's profile name the development phone does not know (no order of the phone to read it from). */
export const UNKNOWN_NAME = 'Shopper';

/** How many of the newest open orders are looked at for a confirmation. */
const AWAITING_LISTED = 200;

/** The open COD orders waiting for their shopper's confirmation (rule 17), with what confirms each. */
export async function awaitingOrders(deps: OrderDeps) {
  // The newest open orders only, as the staff desk lists them: a development machine keeps every
  // order it ever placed, and the page is for the ones being tried now.
  const newest = (await deps.log.openOrderIds()).slice(-AWAITING_LISTED);
  const orders = await Promise.all(newest.map((id) => deps.log.get(id)));
  return orders.flatMap((order) => {
    const confirmation = order?.cod?.confirmation;
    if (!order || !confirmation || !awaitingConfirmation(order.cod) || order.cancellation) return [];
    const text = confirmMessage(order.orderId, confirmation.code);
    return [{ phone: phoneDigits(order.customer.phone), name: order.customer.name, orderId: order.orderId, text }];
  });
}

/**
 * Every conversation of the outbox, one per phone, the newest first; each in time order, with the
 * phone's COD orders awaiting confirmation (a phone with one has a conversation even before any message).
 */
export async function outboxChats(deps: OrderDeps, dir: string): Promise<DevWhatsAppChat[]> {
  const [sent, received, awaiting] = await Promise.all([
    outboxMessages(dir),
    readJsonFiles(path.join(dir, SHOPPER_DIR), shopperFileSchema),
    awaitingOrders(deps),
  ]);
  const chats = new Map<string, DevWhatsAppChat>();
  const chat = (phone: string) => {
    const known = chats.get(phone) ?? { phone, name: '', messages: [], awaiting: [] };
    chats.set(phone, known);
    return known;
  };
  for (const { phone, name, orderId, text } of awaiting) {
    const known = chat(phone);
    known.name ||= name;
    known.awaiting.push({ orderId, text });
  }
  for (const message of sent) {
    const { body, buttons } = rendered(message);
    const { status, name } = await statusOf(deps, message);
    const known = chat(message.to);
    known.name ||= name;
    known.messages.push({
      from: 'shop',
      id: message.id,
      orderId: message.orderId,
      template: message.template,
      language: message.language,
      body,
      buttons,
      at: message.sentAt,
      status,
    });
  }
  for (const { phone, name, ...message } of received) {
    const known = chat(phone);
    // A name read from an order wins over the stand-in, whichever file is read first.
    if (!known.name || known.name === UNKNOWN_NAME) known.name = name;
    known.messages.push({ from: 'shopper', ...message });
  }
  // An order awaiting confirmation counts from its id, which is its time (`OUO_<milliseconds>`).
  const times = (each: DevWhatsAppChat) => [
    ...each.messages.map((message) => message.at),
    ...each.awaiting.map((order) => new Date(Number(order.orderId.slice(4))).toISOString()),
  ];
  const newest = (each: DevWhatsAppChat) => times(each).reduce((at, time) => (time > at ? time : at), '');
  for (const each of chats.values()) each.messages.sort((a, b) => a.at.localeCompare(b.at));
  return [...chats.values()].sort((a, b) => newest(b).localeCompare(newest(a)));
}
