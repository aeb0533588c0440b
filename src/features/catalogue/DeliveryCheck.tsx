import { type FormEvent, useId, useRef, useState } from 'react';
import { useKeepInView } from '../../hooks/use-keep-in-view.ts';
import { callApi, loadSchemas } from '../../lib/api/index.ts';

import type { PincodeCheckResponse } from '../../shop/schemas/index.ts';
import './delivery-check.css';
import { text } from '../../shop/texts/product-pages.ts';

type CheckState =
  | { kind: 'idle' }
  | { kind: 'checking' }
  | { kind: 'invalid'; message: string }
  | { kind: 'answered'; answer: PincodeCheckResponse }
  | { kind: 'failed' };

const FAILED_MESSAGE = text('productPage.checkFailed');

/**
 * 'Check delivery' on the product page: the shopper types a pincode and learns whether we deliver
 * there, roughly how soon, and whether Cash on Delivery is offered.
 */
export function DeliveryCheck() {
  const inputId = useId();
  const messageId = useId();
  const [pincode, setPincode] = useState('');
  const [state, setState] = useState<CheckState>({ kind: 'idle' });
  // Only the latest check may speak: an earlier, slower answer is dropped.
  const latest = useRef(0);
  // Under the phone's keyboard the answer would go unseen.
  const messageRef = useRef<HTMLOutputElement>(null);
  useKeepInView(messageRef, messageFor(state));

  const check = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const ticket = ++latest.current;
    const settle = (next: CheckState) => {
      if (ticket === latest.current) setState(next);
    };
    setState({ kind: 'checking' });
    try {
      // The schemas (and zod) load on the first check, keeping them out of the product page's bundle.
      const { pincodeSchema } = await loadSchemas();
      const pin = pincodeSchema.safeParse(pincode);
      if (!pin.success) return settle({ kind: 'invalid', message: text('forms.pincode') });
      const result = await callApi(`/api/pincode/${pin.data}`, {
        response: (schemas) => schemas.pincodeCheckResponseSchema,
      });
      if (result.ok) return settle({ kind: 'answered', answer: result.data });
      // Offline, a server error or an unreadable answer: the shopper can simply try again.
      settle(
        result.kind === 'refused' && result.status === 400
          ? { kind: 'invalid', message: text('forms.pincode') }
          : { kind: 'failed' },
      );
    } catch {
      // The schemas could not be loaded (offline before the first check).
      settle({ kind: 'failed' });
    }
  };

  const invalid = state.kind === 'invalid';
  return (
    <form className="delivery-check" aria-label={text('product.checkDelivery')} noValidate onSubmit={check}>
      <label className="delivery-check__label" htmlFor={inputId}>
        {text('product.checkDeliveryToYour')}
      </label>
      <div className="delivery-check__row">
        <input
          id={inputId}
          className="delivery-check__input"
          type="text"
          name="pincode"
          inputMode="numeric"
          maxLength={6}
          autoComplete="postal-code"
          placeholder={text('product.n6Digits')}
          value={pincode}
          onChange={(event) => setPincode(event.target.value)}
          aria-describedby={messageId}
          aria-invalid={invalid || undefined}
        />
        <button type="submit" className="button button--ghost delivery-check__button">
          {text('product.check')}
        </button>
      </div>
      <output
        ref={messageRef}
        id={messageId}
        htmlFor={inputId}
        aria-live="polite"
        className={`delivery-check__message delivery-check__message--${tone(state)}`}
      >
        {messageFor(state)}
      </output>
    </form>
  );
}

function tone(state: CheckState): 'neutral' | 'good' | 'bad' {
  if (state.kind === 'invalid' || state.kind === 'failed') return 'bad';
  if (state.kind === 'answered') return state.answer.serviceable === false ? 'bad' : 'good';
  return 'neutral';
}

function messageFor(state: CheckState): string {
  switch (state.kind) {
    case 'idle':
      return '';
    case 'checking':
      return text('productPage.checking');
    case 'invalid':
      return state.message;
    case 'failed':
      return FAILED_MESSAGE;
    case 'answered':
      return answerMessage(state.answer);
  }
}

/** The sentence the shopper reads (and a screen reader announces) for an answer. */
function answerMessage(answer: PincodeCheckResponse): string {
  const { pincode, estimatedDays } = answer;
  const days = text('productPage.days', { min: estimatedDays.min, max: estimatedDays.max });
  if (answer.serviceable === null) {
    return text('productPage.couldNotConfirm', { pincode, days });
  }
  if (!answer.serviceable) return text('productPage.notDelivered', { pincode });
  const payment = answer.cod
    ? answer.prepaid
      ? text('productPage.codAvailable')
      : text('productPage.codOnly')
    : text('productPage.payOnlineOnly');
  return text('productPage.deliversTo', { pincode, days, payment });
}
