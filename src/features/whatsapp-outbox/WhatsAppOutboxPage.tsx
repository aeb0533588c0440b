/**
 * The development WhatsApp outbox (`/dev/whatsapp`, issue 33 §7): every message the local outbox
 * holds, shown as the shopper's phone would, one conversation per phone. Its buttons play the
 * shopper — the phone reporting a message delivered or read, a tap on a quick reply, words typed —
 * through `/api/dev/whatsapp`, which posts each to the shop's own WhatsApp webhook in Meta's shape,
 * signed with this machine's development secret. Development only: the function answers 404 in
 * production, and production's build leaves the page out.
 */
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { callApi } from '../../lib/api/index.ts';
import type { DevWhatsAppChat, DevWhatsAppRequest } from '../../shop/schemas/index.ts';
import './whatsapp-outbox.css';
import { text } from '../../shop/texts/dev.ts';

type ShopMessage = Extract<DevWhatsAppChat['messages'][number], { from: 'shop' }>;

/** WhatsApp's ticks, in words too: one grey tick sent, two delivered, two blue read. */
const STATUS_WORDS: Record<string, string> = {
  sent: text('whatsappOutbox.sent'),
  delivered: text('whatsappOutbox.delivered'),
  read: text('whatsappOutbox.read'),
  failed: text('whatsappOutbox.failed'),
};

const time = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'Asia/Kolkata',
});
const when = (iso: string) => time.format(new Date(iso));
/** A number that is no shopper's: a confirmation from it must change nothing (rule 17). */
const ANOTHER_PHONE = '9000000001';
const spaced = (phone: string) => `+91 ${phone.slice(0, 5)} ${phone.slice(5)}`;

export function WhatsAppOutboxPage() {
  const [chats, setChats] = useState<DevWhatsAppChat[] | undefined>();
  const [error, setError] = useState<string | undefined>();
  const [results, setResults] = useState<Record<string, string>>({});

  const load = useCallback(async () => {
    const answer = await callApi('/api/dev/whatsapp', { response: (schemas) => schemas.devWhatsAppOutboxSchema });
    if (answer.ok) {
      setChats(answer.data.chats);
      setError(undefined);
    } else setError(answer.message);
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  async function play(phone: string, request: DevWhatsAppRequest) {
    const answer = await callApi('/api/dev/whatsapp', {
      body: request,
      response: (schemas) => schemas.devWhatsAppResponseSchema,
    });
    const words = answer.ok
      ? text('whatsappOutbox.theShopSaid', {
          outcomes: answer.data.outcomes.join(', ') || text('whatsappOutbox.nothingToDo'),
        })
      : 'serverMessage' in answer && answer.serverMessage
        ? answer.serverMessage
        : answer.message;
    setResults((known) => ({ ...known, [phone]: words }));
    await load();
  }

  return (
    <div className="container wa-outbox">
      <h1>{text('whatsappOutbox.whatsappOutboxDevelopment')}</h1>
      <p>{text('whatsappOutbox.everyMessageTheShop')}</p>
      {error && <p role="alert">{error}</p>}
      {chats === undefined && !error && <p>{text('whatsappOutbox.loadingTheOutbox')}</p>}
      {chats?.length === 0 && <p>{text('whatsappOutbox.noMessagesYetPlace')}</p>}
      {chats?.map((chat) => (
        <Chat key={chat.phone} chat={chat} result={results[chat.phone]} play={(request) => play(chat.phone, request)} />
      ))}
    </div>
  );
}

function Chat(props: {
  chat: DevWhatsAppChat;
  result: string | undefined;
  play: (request: DevWhatsAppRequest) => Promise<void>;
}) {
  const { chat, result, play } = props;
  const [draft, setDraft] = useState('');
  const headingId = `chat-${chat.phone}`;

  async function write(event: FormEvent) {
    event.preventDefault();
    if (!draft.trim()) return;
    await play({ kind: 'write', phone: chat.phone, text: draft });
    setDraft('');
  }

  return (
    <section className="wa-chat" aria-labelledby={headingId}>
      <h2 id={headingId}>
        {chat.name || text('whatsappOutbox.shopper')} · {spaced(chat.phone)}
      </h2>
      <ol className="wa-chat__messages">
        {chat.messages.map((message) =>
          message.from === 'shop' ? (
            <ShopBubble key={message.id} message={message} play={play} />
          ) : (
            <li key={message.id} className="wa-bubble wa-bubble--shopper">
              <p className="wa-bubble__body">{message.text}</p>
              <p className="wa-bubble__meta">
                {when(message.at)} {text('whatsappOutbox.theShop')}{' '}
                {message.outcome || text('whatsappOutbox.nothingToDo')}
              </p>
            </li>
          ),
        )}
      </ol>
      {chat.awaiting.map((order) => (
        <p key={order.orderId} className="wa-chat__awaiting">
          {order.orderId} {text('whatsappOutbox.waitsForItsConfirmation')}{' '}
          <button
            type="button"
            className="button button--ghost"
            onClick={() => play({ kind: 'write', phone: chat.phone, text: order.text })}
          >
            {text('whatsappOutbox.shopperSends')}
            {order.text}”
          </button>{' '}
          <button type="button" onClick={() => play({ kind: 'write', phone: ANOTHER_PHONE, text: order.text })}>
            {text('whatsappOutbox.anotherPhoneSendsIt')}
          </button>
        </p>
      ))}
      <form className="wa-chat__write" onSubmit={write}>
        <label htmlFor={`${headingId}-text`}>{text('whatsappOutbox.shopperWrites')}</label>
        <textarea id={`${headingId}-text`} rows={2} value={draft} onChange={(event) => setDraft(event.target.value)} />
        <button type="submit" className="button button--ghost">
          {text('whatsappOutbox.sendAsTheShopper')}
        </button>
      </form>
      {result && (
        <p className="wa-chat__result" aria-live="polite">
          {result}
        </p>
      )}
    </section>
  );
}

function ShopBubble(props: { message: ShopMessage; play: (request: DevWhatsAppRequest) => Promise<void> }) {
  const { message, play } = props;
  const delivered = message.status !== 'sent';
  return (
    <li className="wa-bubble wa-bubble--shop" data-template={message.template}>
      <p className="wa-bubble__meta">
        {message.template} ({message.language}) · {message.orderId}
      </p>
      {/* A Hindi template is read as Hindi by a screen reader. */}
      <p className="wa-bubble__body" lang={message.language}>
        {message.body}
      </p>
      <p className="wa-bubble__meta">
        {when(message.at)} · <span className="wa-bubble__status">{STATUS_WORDS[message.status] ?? message.status}</span>
      </p>
      {message.buttons.length > 0 && (
        <ul className="wa-bubble__buttons">
          {message.buttons.map((button, index) => (
            <li key={button.text}>
              {button.url ? (
                <a href={button.url}>{button.text}</a>
              ) : (
                <button
                  type="button"
                  className="button button--ghost"
                  onClick={() => play({ kind: 'tap', messageId: message.id, button: index })}
                >
                  {text('whatsappOutbox.shopperTaps')}
                  {button.text}”
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      <p className="wa-bubble__phone">
        {!delivered && (
          <button type="button" onClick={() => play({ kind: 'status', messageId: message.id, status: 'delivered' })}>
            {text('whatsappOutbox.phoneReportsItDelivered')}
          </button>
        )}{' '}
        {message.status !== 'read' && (
          <button type="button" onClick={() => play({ kind: 'status', messageId: message.id, status: 'read' })}>
            {text('whatsappOutbox.shopperReadsIt')}
          </button>
        )}
      </p>
    </li>
  );
}
